// docs/PRODUCT.md «Screens and routes», row by row: where each path ends up for a guest and for a logged-in parent, and the page title.
// Rows are independent pages in their own contexts: a few at a time overlap their waits for the network.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, withPage } from './support/browser';

const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

/**
 * Opens `path` and returns where the app comes to rest. Loaders redirect on the client, later on a busy
 * machine: the address is awaited until it is `expected` (up to 15 s) — the caller's assertion still
 * fails if it never comes.
 */
async function settle(page: Page, path: string, expected: string): Promise<string> {
  await page.goto(path);
  await page.waitForLoadState('networkidle');
  await page
    .waitForURL((url) => url.pathname === expected, { timeout: 15_000 })
    .catch(() => undefined);
  return new URL(page.url()).pathname;
}

const TITLE = 'Школа Умняшек';

describe('a guest', () => {
  const rows: [string, string, string][] = [
    ['/', '/', TITLE],
    ['/unsubscribe', '/unsubscribe', `Отписка от рассылки — ${TITLE}`],
    ['/faq', '/faq', `Частые вопросы — ${TITLE}`],
    ['/gift', '/gift/register', `Активация сертификата — ${TITLE}`],
    ['/gift/auth', '/gift/auth', `Активация сертификата — ${TITLE}`],
    ['/subscribe', '/subscribe', `Оформление подписки — ${TITLE}`],
    ['/subscribe-gift', '/subscribe-gift', `Подписка в подарок — ${TITLE}`],
    ['/programs', '/programs/main-program/two-three', `Основная программа — ${TITLE}`],
    [
      '/programs/main-program/five-six',
      '/programs/main-program/five-six',
      `Основная программа — ${TITLE}`,
    ],
    [
      '/programs/additional-program',
      '/programs/additional-program',
      `Дополнительные программы — ${TITLE}`,
    ],
    ['/about', '/about/index', `О школе — ${TITLE}`],
    ['/about/team', '/about/team', `Команда — ${TITLE}`],
    ['/about/vacancy', '/about/vacancy', `Вакансии — ${TITLE}`],
    ['/about/contacts', '/about/contacts', `Контакты — ${TITLE}`],
    ['/documents', '/documents/confidentiality-policy', `Политика конфиденциальности — ${TITLE}`],
    [
      '/documents/license-agreement',
      '/documents/license-agreement',
      `Лицензионное соглашение — ${TITLE}`,
    ],
    ['/personal', '/', TITLE],
    ['/personal/help/support', '/', TITLE],
    ['/skiped-weeks', '/', TITLE],
    ['/video', '/', TITLE],
    ['/404', '/404', `Страница не найдена — ${TITLE}`],
    ['/no-such-modal', '/404', `Страница не найдена — ${TITLE}`],
    ['/some/deep/unknown/path', '/404', `Страница не найдена — ${TITLE}`],
  ];

  it.concurrent.for(rows)('%s ends at %s', async ([from, to, title], { expect }) => {
    await withPage(browser, baseUrl, async (page) => {
      expect(await settle(page, from, to)).toBe(to);
      // A page the server does not render (or renders too late on a busy machine) gets its title when the
      // app has started and drawn the route: as long as the address may take (seen: over 5 s in CI).
      await expect.poll(() => page.title(), { timeout: 15_000 }).toBe(title);
    });
  });

  it.concurrent.for([
    'confirmed',
    'fail-payment',
    'password-reset',
    'successful-payment',
    'activate-certificate',
  ])('the landing opens the %s modal by its route', async (modal, { expect }) => {
    await withPage(browser, baseUrl, async (page) => {
      expect(await settle(page, `/${modal}`, `/${modal}`)).toBe(`/${modal}`);
      await page.locator('dialog[open]').waitFor({ state: 'visible', timeout: 15_000 });
    });
  });
});

describe('a logged-in parent', () => {
  const rows: [string, string][] = [
    ['/gift', '/personal/activate-certificate'],
    ['/gift/register', '/personal/activate-certificate'],
    ['/gift/auth', '/personal/activate-certificate'],
    ['/subscribe', '/personal/tariffs'],
    ['/subscribe-gift', '/personal/gift'],
    ['/personal', '/personal/profile'],
    ['/personal/students', '/personal/students'],
    ['/personal/help', '/personal/help/faq'],
    ['/personal/help/instructions', '/personal/help/instructions'],
    ['/skiped-weeks', '/skiped-weeks'],
    ['/video', '/video'],
  ];

  it.concurrent.for(rows)('%s ends at %s', async ([from, to], { expect }) => {
    await withPage(
      browser,
      baseUrl,
      async (page) => {
        expect(await settle(page, from, to)).toBe(to);
      },
      { asParent: true },
    );
  });

  it('sees the personal menu items and no login buttons', async () => {
    await withPage(
      browser,
      baseUrl,
      async (page) => {
        expect(await settle(page, '/', '/')).toBe('/');
        const nav = page.getByRole('banner');
        // The header learns about the login from the profile request: its «Выйти» says it has.
        await nav.getByRole('button', { name: 'Выйти' }).waitFor();
        await expect(nav.getByRole('link', { name: 'Личный кабинет' }).count()).resolves.toBe(1);
        await expect(nav.getByRole('link', { name: 'Видео-уроки' }).count()).resolves.toBe(1);
        await expect(nav.getByRole('button', { name: 'Выйти' }).count()).resolves.toBe(1);
        await expect(nav.getByRole('button', { name: 'Войти' }).count()).resolves.toBe(0);
      },
      { asParent: true },
    );
  });
});

describe('the usertoken guard', () => {
  it('rejects a forged one-time code and leaves the visitor a guest', async () => {
    await withPage(browser, baseUrl, async (page) => {
      expect(await settle(page, '/personal?usertoken=forged-code', '/')).toBe('/');
      expect(await page.evaluate(() => localStorage.getItem('user-token'))).toBeNull();
    });
  });
});
