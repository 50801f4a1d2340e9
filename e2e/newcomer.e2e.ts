// A newcomer's first look: the bank's return pages ask a guest to log in, in Russian — nothing
// technical — a sandbox opened by its address explains itself, and a VK ID newcomer without an e-mail
// gives the consent before the account exists and adds an address afterwards.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { followMailLink } from './support/accounts';
import { DESKTOP, MOBILE, launchBrowser, openPhoneLogin, withPage } from './support/browser';

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

describe('a newcomer through VK ID who shares no e-mail', () => {
  it('at 375 px agrees to the consent, then adds an address confirmed by a letter', async () => {
    await withPage(
      browser,
      baseUrl,
      async (page) => {
        await page.goto('/');
        await openPhoneLogin(page);
        const login = page.getByRole('dialog', { name: 'Вход в личный кабинет' });
        await login.getByRole('button', { name: 'Войти через VK ID' }).click();
        await page.waitForURL('**/sandbox/oauth/vk/**');
        await page.getByRole('radio', { name: /Анна/ }).check();
        await page.getByRole('button', { name: 'Разрешить' }).click();

        const step = page.getByRole('dialog', { name: 'Регистрация через VK ID' });
        await step.getByText('VK ID её не передал — адрес можно добавить в профиле').waitFor();
        await step.getByLabel('Даю согласие на обработку моих персональных данных').check();
        await step.getByRole('button', { name: 'Создать аккаунт' }).click();
        const welcome = page.getByRole('dialog', { name: 'Добро пожаловать, Анна!' });
        await welcome.getByText(/VK ID не передал адрес почты\. Добавьте его в профиле/).waitFor();
        await welcome.getByRole('button', { name: 'Позже' }).click();

        await page.goto('/personal/profile');
        const account = page.getByRole('region', { name: 'Вход в кабинет' });
        await account.getByText(/VK ID не передал адрес почты/).waitFor();
        // Nothing it cannot do: no fixed address to keep, no password to sign in by an address it lacks.
        const text = await account.innerText();
        expect(text).not.toMatch(/не указана|изменить нельзя|по адресу почты|Задать пароль/);

        const address = `anna-${Date.now()}@example.ru`;
        await account.getByLabel('Адрес почты').fill(address);
        await account.getByRole('button', { name: 'Добавить адрес' }).click();
        await account.getByText(/Письмо отправлено на/).waitFor();

        await followMailLink(page, baseUrl, {
          to: address,
          subject: 'Подтвердите адрес почты',
          linkPart: '/confirmed?verified_token=',
        });
        await page.getByRole('dialog', { name: 'Почта подтверждена' }).waitFor();
        await page.goto('/personal/profile');
        const confirmed = page.getByRole('region', { name: 'Вход в кабинет' });
        await confirmed.getByText('Подтверждена', { exact: true }).waitFor();
        expect(await confirmed.innerText()).toContain(address.split('@')[0]);
        await confirmed.getByRole('button', { name: 'Задать пароль' }).waitFor();
      },
      { viewport: MOBILE },
    );
  });
});
