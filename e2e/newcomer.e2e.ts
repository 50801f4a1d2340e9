// A newcomer's first look: the bank's return pages ask a guest to log in, in Russian — nothing
// technical — and a sandbox opened by its address explains itself.
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

describe("the bank's return pages for a guest", () => {
  it.each([
    ['375 px', MOBILE],
    ['1280 px', DESKTOP],
  ])('/successful-payment?orderId=abc asks to log in, in Russian, at %s', async (_, viewport) => {
    await withPage(
      browser,
      baseUrl,
      async (page) => {
        await page.goto('/successful-payment?orderId=abc');
        const dialog = page.getByRole('dialog');
        await dialog.getByRole('heading', { name: 'Войдите, чтобы увидеть оплату' }).waitFor();
        const text = await dialog.innerText();
        expect(text).toMatch(/Результат оплаты виден в личном кабинете/);
        expect(text).not.toMatch(TECHNICAL);
        await dialog.getByRole('button', { name: 'Войти' }).waitFor();
      },
      { viewport },
    );
  });

  it('/fail-payment for a guest asks to log in too', async () => {
    await withPage(browser, baseUrl, async (page) => {
      await page.goto('/fail-payment');
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('heading', { name: 'Войдите, чтобы увидеть оплату' }).waitFor();
      expect(await dialog.innerText()).not.toMatch(TECHNICAL);
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
