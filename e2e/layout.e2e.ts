// The frame around every page: burger menu on a phone, the footer's gift block, scroll timings, the
// demo-mode ribbon, and recovery when a lazy chunk fails to load.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { DESKTOP, MOBILE, launchBrowser, startApp, withPage } from './support/browser';

const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

describe('header', () => {
  it('shows a burger at 375 px that opens and closes the menu', async () => {
    await withPage(
      browser,
      baseUrl,
      async (page) => {
        await page.goto('/');
        const burger = page.getByRole('button', { name: 'Открыть меню' });
        await burger.waitFor();
        expect(await burger.getAttribute('aria-expanded')).toBe('false');
        // The desktop menu is hidden on a phone.
        expect(await page.getByRole('navigation', { name: 'Основное меню' }).isVisible()).toBe(
          false,
        );

        await burger.click();
        const close = page.getByRole('button', { name: 'Закрыть меню' });
        expect(await close.getAttribute('aria-expanded')).toBe('true');
        const menu = page.getByRole('navigation', { name: 'Меню', exact: true });
        expect(await menu.isVisible()).toBe(true);

        await menu.getByRole('link', { name: 'Программы' }).click();
        await page.waitForURL('**/programs/main-program/two-three');
        expect(
          await page.getByRole('button', { name: 'Открыть меню' }).getAttribute('aria-expanded'),
        ).toBe('false');

        await page.getByRole('button', { name: 'Открыть меню' }).click();
        await page.keyboard.press('Escape');
        expect(
          await page.getByRole('button', { name: 'Открыть меню' }).getAttribute('aria-expanded'),
        ).toBe('false');
      },
      { viewport: MOBILE },
    );
  });

  it('shows the full menu and no burger at 1280 px', async () => {
    await withPage(browser, baseUrl, async (page) => {
      await page.goto('/');
      const nav = page.getByRole('navigation', { name: 'Основное меню' });
      await nav.waitFor();
      expect(await nav.getByRole('link', { name: 'Программы' }).isVisible()).toBe(true);
      expect(await nav.getByRole('link', { name: 'FAQ' }).isVisible()).toBe(true);
      expect(await page.getByRole('button', { name: 'Открыть меню' }).isVisible()).toBe(false);
      expect(await page.getByRole('button', { name: 'Войти' }).first().isVisible()).toBe(true);
      expect(await page.getByRole('button', { name: 'Регистрация' }).first().isVisible()).toBe(
        true,
      );
    });
  });
});

describe('footer gift block', () => {
  it('sends a guest to subscribe-gift and scrolls to the top 400 ms later', async () => {
    await withPage(
      browser,
      baseUrl,
      async (page) => {
        await page.goto('/faq');
        const gift = page.getByRole('link', { name: 'Купить в ПОДАРОК' });
        await gift.scrollIntoViewIfNeeded();
        expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(200);
        await gift.click();
        await page.waitForURL('**/subscribe-gift');
        await page.waitForFunction(() => window.scrollY === 0, undefined, { timeout: 3000 });
      },
      { viewport: MOBILE },
    );
  });

  it('sends a logged-in parent to the gift page of the personal area', async () => {
    await withPage(
      browser,
      baseUrl,
      async (page) => {
        await page.goto('/faq');
        // The link's target is the app's to set (the server renders the guest's): wait until the app holds
        // the page. A tap while it is taking over can be lost — a known defect of its own, not this rule's.
        await startApp(page);
        await page.getByRole('link', { name: 'Купить в ПОДАРОК' }).click();
        await page.waitForURL('**/personal/gift');
      },
      { asParent: true },
    );
  });

  // Known defect: a signed-in parent's tap on a link while the app is taking over a server-rendered page is
  // sometimes lost (the page stays put): 7 and 8 taps of 25 in a loop of fresh pages on this machine.
  it.todo('keeps a tap made while the app takes over a server-rendered page');

  it('is hidden where the route says no gift', async () => {
    await withPage(browser, baseUrl, async (page) => {
      await page.goto('/subscribe-gift');
      await page.getByRole('contentinfo').waitFor();
      expect(await page.getByRole('link', { name: 'Купить в ПОДАРОК' }).count()).toBe(0);
    });
  });
});

describe('demo ribbon', () => {
  // The browser tests run the demo on 127.0.0.1, so demo mode is on and every page must say so.
  it.each([
    ['375 px', MOBILE],
    ['1280 px', DESKTOP],
  ])(
    'is on every page at %s, links to the mail outbox and never hides the footer',
    async (_, viewport) => {
      await withPage(
        browser,
        baseUrl,
        async (page) => {
          const ribbon = page.getByRole('complementary', { name: 'Демо-режим' });
          for (const path of ['/', '/faq']) {
            await page.goto(path);
            await ribbon.waitFor();
            const box = await ribbon.boundingBox();
            // Stuck to the bottom of the screen, whole.
            expect(box, path).not.toBeNull();
            expect(Math.round((box?.y ?? 0) + (box?.height ?? 0)), path).toBe(viewport.height);
            expect(box?.height, path).toBeLessThan(60);
            const link = ribbon.getByRole('link', { name: 'почтовом ящике песочницы' });
            expect(await link.getAttribute('href'), path).toBe('/sandbox/mail');
          }

          // At the end of the page it stands below the footer instead of covering it.
          await page.getByRole('contentinfo').scrollIntoViewIfNeeded();
          await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
          await page.waitForFunction(
            () =>
              Math.ceil(window.scrollY + window.innerHeight) >=
              document.documentElement.scrollHeight,
          );
          const footer = await page.getByRole('contentinfo').boundingBox();
          const ribbonBox = await ribbon.boundingBox();
          expect((footer?.y ?? 0) + (footer?.height ?? 0)).toBeLessThanOrEqual(
            (ribbonBox?.y ?? 0) + 1,
          );

          await ribbon.getByRole('link', { name: 'почтовом ящике песочницы' }).click();
          await page.waitForURL('**/sandbox/mail');
        },
        { viewport },
      );
    },
  );
});

describe('lazy chunks', () => {
  // A deploy replaced the old files: every request for the FAQ chunk fails until the page reloads.
  it('reloads once when a chunk fails, then the page works', async () => {
    await withPage(browser, baseUrl, async (page) => {
      await page.goto('/');
      await startApp(page);
      const menu = page.getByRole('navigation', { name: 'Основное меню' });
      await menu.waitFor();
      let loads = 0;
      let failed = 0;
      page.on('request', (request) => {
        if (request.isNavigationRequest() && request.frame() === page.mainFrame()) loads += 1;
      });
      await page.route(/\/assets\/faq-page-[^/]+\.js$/, async (route) => {
        if (loads === 0) {
          failed += 1;
          await route.fulfill({ status: 404, body: 'gone' });
        } else {
          await route.continue();
        }
      });
      await menu.getByRole('link', { name: 'FAQ' }).click();
      await page.waitForURL('**/faq');
      await page.getByRole('heading', { level: 1, name: 'Частые вопросы' }).waitFor();
      expect(failed).toBeGreaterThan(0);
      expect(loads).toBe(1);
      expect(await page.title()).toBe('Частые вопросы — Школа Умняшек');
    });
  });

  it('shows a way out instead of reloading forever when the chunk keeps failing', async () => {
    await withPage(browser, baseUrl, async (page) => {
      await page.goto('/');
      await startApp(page);
      const menu = page.getByRole('navigation', { name: 'Основное меню' });
      await menu.waitFor();
      let loads = 0;
      page.on('request', (request) => {
        if (request.isNavigationRequest() && request.frame() === page.mainFrame()) loads += 1;
      });
      await page.route(/\/assets\/faq-page-[^/]+\.js$/, (route) =>
        route.fulfill({ status: 404, body: 'gone' }),
      );
      await menu.getByRole('link', { name: 'FAQ' }).click();
      // The reload brings the FAQ rendered by the server, readable; the app it starts still needs the chunk.
      await page.waitForURL('**/faq', { waitUntil: 'load' });
      await startApp(page);
      const retry = page.getByRole('button', { name: 'Обновить страницу' });
      await retry.waitFor({ timeout: 15_000 });
      expect(loads).toBe(1);

      await page.unroute(/\/assets\/faq-page-[^/]+\.js$/);
      await retry.click();
      await page.getByRole('heading', { level: 1, name: 'Частые вопросы' }).waitFor();
    });
  });
});
