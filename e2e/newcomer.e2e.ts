// A newcomer's first look: the bank's return pages say honestly, in Russian, that payments are not here
// yet — nothing technical — and a sandbox opened by its address explains itself.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { DESKTOP, MOBILE, launchBrowser, withPage } from './support/browser';

const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

const TECHNICAL = /API|POST|\/api\/|Error|undefined|not_found/;

describe('payments not built yet', () => {
  it.each([
    ['375 px', MOBILE],
    ['1280 px', DESKTOP],
  ])('/successful-payment?orderId=abc says so in Russian at %s', async (_, viewport) => {
    await withPage(
      browser,
      baseUrl,
      async (page) => {
        await page.goto('/successful-payment?orderId=abc');
        const dialog = page.getByRole('dialog');
        await dialog.getByRole('heading', { name: 'Проверить оплату пока нельзя' }).waitFor();
        const text = await dialog.innerText();
        expect(text).toMatch(/Оплата подписки на сайте ещё не работает/);
        expect(text).toMatch(/номер заказа abc/);
        expect(text).not.toMatch(TECHNICAL);
        // Where to write: the support address from the server's configuration.
        expect(await dialog.getByRole('link', { name: /@/ }).getAttribute('href')).toMatch(
          /^mailto:/,
        );
      },
      { viewport },
    );
  });

  it('/fail-payment says money is not taken and where to write', async () => {
    await withPage(browser, baseUrl, async (page) => {
      await page.goto('/fail-payment');
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('heading', { name: 'Оплата пока не работает' }).waitFor();
      const text = await dialog.innerText();
      expect(text).toMatch(/деньги ни за что не списываются/);
      expect(text).not.toMatch(TECHNICAL);
      await dialog.getByRole('button', { name: 'Понятно' }).click();
      await dialog.waitFor({ state: 'detached' });
    });
  });
});

describe('sandbox opened directly', () => {
  it('/sandbox/oauth/vk explains itself and leads back to the school', async () => {
    await withPage(
      browser,
      baseUrl,
      async (page) => {
        const response = await page.goto('/sandbox/oauth/vk');
        expect(response?.status()).toBe(200);
        await page.getByRole('heading', { name: 'Это песочница входа через VK ID' }).waitFor();
        expect(await page.locator('body').innerText()).toMatch(/«Войти через VK ID»/);
        await page.getByText('Мария Тестова').waitFor();
        await page.getByRole('link', { name: 'Вернуться в «Школу Умняшек»' }).click();
        await page.waitForURL((url) => url.pathname === '/');
      },
      { viewport: MOBILE },
    );
  });
});
