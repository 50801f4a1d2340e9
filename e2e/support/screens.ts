// Every screen of the school a journey can open by its address (src/web/lib/routes.ts), for the
// journeys that check all of them (axe and the page's width: e2e/accessibility.e2e.ts).
import type { Page } from 'playwright-core';
import { passGate } from './gate';

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

/** How wide the page is against the screen: wider means it scrolls sideways. */
export async function pageWidth(page: Page): Promise<{ scrollWidth: number; clientWidth: number }> {
  return page.evaluate(() => {
    const root = document.scrollingElement ?? document.documentElement;
    return { scrollWidth: root.scrollWidth, clientWidth: root.clientWidth };
  });
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

/** A state of the video page (a child picked) that axe checks: the page itself, the player, the modals. */
export interface VideoState {
  name: string;
  /** From /video with the child picked and the lessons shown, brings the state up. */
  open: (page: Page) => Promise<void>;
}

const dialogNamed = (page: Page, name: string) => page.getByRole('dialog', { name }).waitFor();

/** Opens /video for a parent with one child and picks that child in the child-select modal. */
export async function openVideoWithChild(page: Page, childName: string): Promise<void> {
  await page.goto('/video');
  const select = page.getByRole('dialog', { name: 'Кто будет смотреть?' });
  await select.getByRole('button', { name: childName }).click();
  await select.waitFor({ state: 'detached' });
  await page.locator('article').first().waitFor();
  await page.waitForFunction(() => document.querySelectorAll('[aria-busy="true"]').length === 0);
}

export const VIDEO_STATES: VideoState[] = [
  { name: 'the week of lessons', open: () => Promise.resolve() },
  {
    name: 'the player',
    open: async (page) => {
      await page.locator('article').first().getByRole('button').first().click();
      await page.getByRole('button', { name: /Смотреть урок/ }).waitFor();
    },
  },
  {
    name: 'a locked lesson',
    open: async (page) => {
      await page.locator('article').nth(1).getByRole('button').first().click();
      await page.getByText('пока закрыт').waitFor();
    },
  },
  {
    name: 'the additional programs',
    open: async (page) => {
      await page.getByRole('button', { name: 'Дополнительные' }).click();
      await page.getByRole('group', { name: 'Дополнительные программы' }).waitFor();
    },
  },
  {
    name: 'the child-select modal',
    open: async (page) => {
      await page.getByRole('button', { name: 'Сменить' }).click();
      await dialogNamed(page, 'Кто будет смотреть?');
    },
  },
  {
    name: 'the study-mode modal',
    open: async (page) => {
      await page.getByRole('button', { name: /^Режим/ }).click();
      await passGate(page);
      await dialogNamed(page, 'Режим занятий');
    },
  },
  {
    name: 'the remind modal',
    open: async (page) => {
      await page.getByRole('button', { name: /^Напоминания/ }).click();
      await passGate(page);
      await dialogNamed(page, 'Напоминания об уроках');
    },
  },
  {
    name: 'the lesson modal',
    open: async (page) => {
      await page
        .getByRole('button', { name: /^Об уроке/ })
        .first()
        .click();
      await page.getByRole('dialog').getByRole('button', { name: 'Смотреть урок' }).waitFor();
    },
  },
  {
    name: 'the program modal',
    open: async (page) => {
      await page.getByRole('button', { name: 'О программе' }).click();
      await page.getByRole('dialog').getByRole('list').waitFor();
    },
  },
  {
    name: 'the parental gate',
    open: async (page) => {
      await page
        .getByRole('link', { name: /Умняшек/ })
        .first()
        .click();
      await dialogNamed(page, 'Только для взрослых');
    },
  },
];
