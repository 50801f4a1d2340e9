// WCAG 2.2 AA as axe-core checks it, on every screen (at its top and scrolled to its end, where the footer's
// links and the sticky parts meet) and the main modals at a phone's and a desktop's width: no serious or
// critical violation, one <main> landmark, and no screen wider than the window (nothing scrolls sideways
// — on a phone the first thing that breaks). And the keyboard on the landing: Tab from
// the top walks into the lower sections (mounted after the first scroll) in order, none skipped.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { DESKTOP, MOBILE, launchBrowser, withPage } from './support/browser';
import {
  SCREENS,
  VIDEO_STATES,
  openScreen,
  openVideoWithChild,
  pageWidth,
  revealLowerSections,
} from './support/screens';
import { registerParent, storeToken } from './support/accounts';
import { seriousViolations, seriousViolationsTopAndBottom } from './support/axe';

const baseUrl = inject('baseUrl');
let browser: Browser;

/** A parent with one child, for the video page (the demo parent has none). */
let videoParentToken: string;
const VIDEO_CHILD = 'Ваня';

beforeAll(async () => {
  browser = await launchBrowser();
  const parent = await registerParent(baseUrl, { label: 'axe-video' });
  videoParentToken = parent.token;
  const res = await fetch(`${baseUrl}/api/profile/child/store`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${parent.token}` },
    body: JSON.stringify({ name: VIDEO_CHILD, birth_date: '2021-01-15' }),
  });
  if (!res.ok) throw new Error(`Adding a child failed: ${res.status}`);
});
afterAll(async () => {
  await browser.close();
});

async function landmarks(page: Page): Promise<{ main: number; banner: number; footer: number }> {
  return {
    main: await page.getByRole('main').count(),
    banner: await page.getByRole('banner').count(),
    footer: await page.getByRole('contentinfo').count(),
  };
}

// Not vacuous: the checker in the page finds what it is there to find.
it('axe reports an image without a text alternative and a button without a name', async () => {
  await withPage(browser, baseUrl, async (page) => {
    await openScreen(page, '/404');
    await page.evaluate(() => {
      const main = document.querySelector('main');
      main?.insertAdjacentHTML(
        'beforeend',
        '<img src="/favicon.svg"><button type="button"></button>',
      );
    });
    const found = await seriousViolations(page);
    expect(found.some((line) => line.startsWith('image-alt (critical)'))).toBe(true);
    expect(found.some((line) => line.startsWith('button-name (critical)'))).toBe(true);
  });
});

const VIEWPORTS = [
  ['375 px', MOBILE],
  ['1280 px', DESKTOP],
] as const;

/** Runs `check` on a page opened at 375 px, then widened to 1280 px and scrolled back to its top. */
async function atBothWidths(page: Page, check: (label: string) => Promise<void>): Promise<void> {
  for (const [label, viewport] of VIEWPORTS) {
    if (viewport !== MOBILE) {
      await page.setViewportSize(viewport);
      await page.evaluate(() => window.scrollTo(0, 0));
    }
    await check(label);
  }
}

// Each screen is opened once, looked at a phone's width, then widened to a desktop's and looked at again:
// the layout answers to the width through CSS alone (no script reads it), and opening every screen twice
// was a third of the journeys' time. Screens are independent pages in their own contexts: a few at a time
// keep both cores busy while each waits for its network to settle.
describe('every screen', () => {
  it.concurrent.for(SCREENS.map((screen) => [screen.path, screen] as const))(
    '%s at 375 and 1280 px has no serious or critical violation, one main and no sideways scroll',
    async ([path, { asParent }], { expect }) => {
      await withPage(
        browser,
        baseUrl,
        async (page) => {
          await page.emulateMedia({ reducedMotion: 'reduce' });
          await openScreen(page, path);
          await atBothWidths(page, async (label) => {
            expect(await seriousViolationsTopAndBottom(page), `${path} at ${label}`).toEqual([]);
            expect((await landmarks(page)).main, `${path}: exactly one <main>`).toBe(1);
            // At the end, every lower section mounted.
            const { scrollWidth, clientWidth } = await pageWidth(page);
            expect(scrollWidth, `${path} at ${label}: page width`).toBeLessThanOrEqual(clientWidth);
          });
        },
        { viewport: MOBILE, asParent },
      );
    },
  );
});

describe.each(VIEWPORTS)('axe at %s', (_, viewport) => {
  it('the landing after the lower sections mounted: no violation, one main, banner and footer', async () => {
    await withPage(
      browser,
      baseUrl,
      async (page) => {
        await page.emulateMedia({ reducedMotion: 'reduce' });
        await openScreen(page, '/');
        await revealLowerSections(page);
        expect(await seriousViolations(page), `/ scrolled at ${viewport.width} px`).toEqual([]);
        expect(await landmarks(page)).toEqual({ main: 1, banner: 1, footer: 1 });
      },
      { viewport },
    );
  });

  it.each([
    ['login', 'Вход в личный кабинет'],
    ['register', 'Регистрация'],
    ['password restore', 'Восстановление пароля'],
  ])('the %s modal on the landing has no violation', async (which, title) => {
    await withPage(
      browser,
      baseUrl,
      async (page) => {
        await page.emulateMedia({ reducedMotion: 'reduce' });
        await openScreen(page, '/');
        // The way a parent opens it: the header's buttons (behind the burger on a phone).
        if (viewport === MOBILE) await page.getByRole('button', { name: 'Открыть меню' }).click();
        const opener = which === 'register' ? 'Регистрация' : 'Войти';
        await page
          .getByRole('button', { name: opener, exact: true })
          .filter({ visible: true })
          .click();
        if (which === 'password restore') {
          await page.getByRole('dialog').getByRole('button', { name: 'Забыли пароль?' }).click();
        }
        const dialog = page.getByRole('dialog', { name: title });
        await dialog.waitFor();
        await page.waitForLoadState('networkidle');
        expect(await seriousViolations(page), `${which} modal at ${viewport.width} px`).toEqual([]);
      },
      { viewport },
    );
  });

  it('the support modal, its errors shown, has no violation', async () => {
    await withPage(
      browser,
      baseUrl,
      async (page) => {
        await page.emulateMedia({ reducedMotion: 'reduce' });
        await openScreen(page, '/faq');
        await page.getByRole('button', { name: 'Написать в поддержку' }).click();
        const dialog = page.getByRole('dialog', { name: 'Служба поддержки' });
        await dialog.getByRole('button', { name: 'Отправить' }).click();
        await dialog.getByText('Опишите вопрос').first().waitFor();
        expect(await seriousViolations(page), `support modal at ${viewport.width} px`).toEqual([]);
      },
      { viewport },
    );
  });
});

// Each state opened once, like the screens above: looked at a phone's width, then widened to a desktop's,
// scrolled to the top (a widened page keeps the phone's offset, with the sticky header over what a desktop
// shows in full) and looked at again.
describe('the video page with a child picked', () => {
  it.each(VIDEO_STATES.map((state) => [state.name, state] as const))(
    '%s has no serious or critical violation at 375 and 1280 px',
    async (name, state) => {
      await withPage(
        browser,
        baseUrl,
        async (page, context) => {
          await storeToken(context, videoParentToken);
          await page.emulateMedia({ reducedMotion: 'reduce' });
          await openVideoWithChild(page, VIDEO_CHILD);
          await state.open(page);
          await page.waitForLoadState('networkidle');
          await atBothWidths(page, async (label) => {
            expect(await seriousViolations(page), `${name} at ${label}`).toEqual([]);
            expect((await landmarks(page)).main, 'exactly one <main>').toBe(1);
          });
        },
        { viewport: MOBILE },
      );
    },
  );
});

describe('keyboard on the landing', () => {
  it.each(VIEWPORTS)(
    'Tab from the top reaches every link and button of the lower sections in DOM order at %s',
    async (_, viewport) => {
      await withPage(
        browser,
        baseUrl,
        async (page) => {
          await openScreen(page, '/');
          await page.evaluate(() => {
            (window as unknown as { __focused: Element[] }).__focused = [];
          });
          // The page came rendered from the server; the first Tab starts the app, whose lower sections'
          // code arrives while the parent is still in the banner. Nothing is scrolled.
          let inFooter = false;
          for (let presses = 0; presses < 250 && !inFooter; presses += 1) {
            await page.keyboard.press('Tab');
            if (presses === 0) {
              await page.waitForFunction(() =>
                performance
                  .getEntriesByType('resource')
                  .some((entry) => entry.name.includes('/lower-sections-')),
              );
              expect(await page.evaluate(() => window.scrollY)).toBe(0);
              // A parent's next press comes far later than the sections' render; a script's comes at
              // once, and on a busy machine would reach the footer before the sections are in.
              // Nor before the tariffs' prices replace their skeleton (aria-busy): they come by a request
              // of their own, which a busy machine answers after the sections' code is in.
              await page.waitForFunction(
                () =>
                  document.querySelector('[data-deferred]') !== null &&
                  document.querySelector('[data-deferred="waiting"]') === null &&
                  document.querySelector('[aria-busy="true"]') === null,
              );
            }
            inFooter = await page.evaluate(() => {
              const active = document.activeElement;
              if (active && active !== document.body) {
                (window as unknown as { __focused: Element[] }).__focused.push(active);
              }
              return Boolean(active?.closest('footer'));
            });
          }
          expect(inFooter, 'Tab reached the footer').toBe(true);

          // Now that everything is mounted: what Tab should have visited, in DOM order, up to the footer.
          const { visited, expected } = await page.evaluate(() => {
            const label = (element: Element) => {
              const text = (element.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 40);
              const name = element.getAttribute('aria-label') ?? text;
              return `${element.tagName.toLowerCase()} «${name}» ${element.getAttribute('href') ?? ''}`.trim();
            };
            const selector =
              'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), ' +
              'select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';
            const footer = document.querySelector('footer');
            const candidates = Array.from(document.querySelectorAll<HTMLElement>(selector)).filter(
              (element) =>
                element.tabIndex >= 0 &&
                element.checkVisibility({ visibilityProperty: true }) &&
                !element.closest('[inert], [hidden], dialog:not([open])') &&
                footer !== null &&
                (footer.compareDocumentPosition(element) & Node.DOCUMENT_POSITION_PRECEDING) !== 0,
            );
            // Tab stops once in a group of radio buttons: at the checked one.
            const tabbable = candidates.filter((element) => {
              if (!(element instanceof HTMLInputElement) || element.type !== 'radio') return true;
              const group = candidates.filter(
                (other) =>
                  other instanceof HTMLInputElement &&
                  other.type === 'radio' &&
                  other.name === element.name,
              ) as HTMLInputElement[];
              const checked = group.find((radio) => radio.checked);
              return checked ? element === checked : element === group[0];
            });
            const focused = (window as unknown as { __focused: Element[] }).__focused;
            const beforeFooter = focused.filter((element) => !element.closest('footer'));
            return { visited: beforeFooter.map(label), expected: tabbable.map(label) };
          });
          // Not vacuous: the lower sections' doors to the programs are among the stops.
          expect(expected.some((stop) => stop.includes('/programs/main-program/two-three'))).toBe(
            true,
          );
          expect(visited).toEqual(expected);
        },
        { viewport },
      );
    },
  );
});
