// Every screen of the school a journey can open by its address (src/web/app/routes.ts), for the
// journeys that check all of them: accessibility (axe) and phones (no sideways scroll).
import type { Page } from 'playwright-core';

export interface Screen {
  path: string;
  /** Opened as the demo parent (the personal area, the video page, the skipped weeks). */
  asParent: boolean;
}

const PUBLIC_PATHS = [
  '/',
  '/programs/main-program/two-three',
  '/programs/main-program/three-four',
  '/programs/main-program/four-five',
  '/programs/main-program/five-six',
  '/programs/main-program/six-seven',
  '/programs/additional-program',
  '/about/index',
  '/about/team',
  '/about/vacancy',
  '/about/contacts',
  '/faq',
  '/documents/confidentiality-policy',
  '/documents/license-agreement',
  '/404',
  '/subscribe',
  '/subscribe-gift',
  '/unsubscribe',
  '/gift',
  '/gift/register',
  '/gift/auth',
];

const PERSONAL_PATHS = [
  '/personal/profile',
  '/personal/students',
  '/personal/progress',
  '/personal/tariffs',
  '/personal/gift',
  '/personal/help/faq',
  '/personal/help/programs',
  '/personal/help/instructions',
  '/personal/help/support',
  '/personal/activate-certificate',
  '/video',
  '/skiped-weeks',
];

export const SCREENS: Screen[] = [
  ...PUBLIC_PATHS.map((path) => ({ path, asParent: false })),
  ...PERSONAL_PATHS.map((path) => ({ path, asParent: true })),
];

/** Opens a screen and waits until its data is in and its heading is shown. */
export async function openScreen(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await page.waitForLoadState('networkidle');
  await page.locator('h1').first().waitFor();
  await page.waitForFunction(() => document.querySelectorAll('[aria-busy="true"]').length === 0);
}

/** Scrolls the landing to its end so every lower section (mounted after the first scroll) is in. */
export async function revealLowerSections(page: Page): Promise<void> {
  await page.mouse.wheel(0, 400);
  await page.waitForFunction(
    () =>
      document.querySelectorAll('[data-deferred="waiting"]').length === 0 &&
      document.querySelectorAll('[data-deferred="shown"]').length > 0,
  );
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await page.waitForLoadState('networkidle');
}
