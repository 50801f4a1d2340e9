// Issue 3, item 11: a parent registers, confirms the address from the mail, logs out and in again,
// restores a forgotten password by mail and signs in with the VK ID sandbox, all through the screens.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { MOBILE, launchBrowser, openPhoneLogin, withPage } from './support/browser';
import { followMailLink, registerParent, uniqueEmail, waitForMail } from './support/accounts';
import { seriousViolations } from './support/axe';

const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

const INVALID_CREDENTIALS = 'Неверный адрес электронной почты или пароль';

/** The header as a logged-in parent sees it. */
async function expectLoggedIn(page: Page): Promise<void> {
  const menu = page.getByRole('navigation', { name: 'Основное меню' });
  await menu.getByRole('link', { name: 'Личный кабинет' }).waitFor();
  await page.getByRole('banner').getByRole('button', { name: 'Выйти' }).waitFor();
  expect(await page.getByRole('banner').getByRole('button', { name: 'Войти' }).count()).toBe(0);
}

/** The header as a guest sees it. */
async function expectGuest(page: Page): Promise<void> {
  await page.getByRole('banner').getByRole('button', { name: 'Войти' }).waitFor();
  expect(
    await page
      .getByRole('navigation', { name: 'Основное меню' })
      .getByRole('link', { name: 'Личный кабинет' })
      .count(),
  ).toBe(0);
}

async function storedToken(page: Page): Promise<string | null> {
  return page.evaluate(() => window.localStorage.getItem('user-token'));
}

async function openLogin(page: Page): Promise<Locator> {
  await page.getByRole('banner').getByRole('button', { name: 'Войти' }).click();
  const dialog = page.getByRole('dialog', { name: 'Вход в личный кабинет' });
  await dialog.waitFor();
  return dialog;
}

async function submitLogin(dialog: Locator, email: string, password: string): Promise<void> {
  await dialog.getByLabel('Электронная почта').fill(email);
  await dialog.getByLabel('Пароль', { exact: true }).fill(password);
  await dialog.getByRole('button', { name: 'Войти', exact: true }).click();
}

async function logOut(page: Page): Promise<void> {
  await page.getByRole('banner').getByRole('button', { name: 'Выйти' }).click();
  await expectGuest(page);
  expect(await storedToken(page)).toBeNull();
}

describe('registration', () => {
  it('register → confirm the address from the mail → log out → log in', async () => {
    await withPage(browser, baseUrl, async (page) => {
      const email = uniqueEmail('register');
      const password = 'umnyashki-2026';

      await page.goto('/');
      await page.getByRole('banner').getByRole('button', { name: 'Регистрация' }).click();
      const dialog = page.getByRole('dialog', { name: 'Регистрация' });
      await dialog.waitFor();

      // Two separate consents: the personal-data one and the optional mailing one, both unticked.
      const consent = dialog.getByRole('checkbox', {
        name: 'Даю согласие на обработку моих персональных данных',
      });
      const mailing = dialog.getByRole('checkbox', {
        name: 'Хочу получать письма о новых уроках, акциях и подарках (по желанию)',
      });
      expect(await consent.isVisible()).toBe(true);
      expect(await mailing.isVisible()).toBe(true);
      expect(await consent.isChecked()).toBe(false);
      expect(await mailing.isChecked()).toBe(false);

      await dialog.getByLabel('Имя').fill('Ольга');
      await dialog.getByLabel('Электронная почта').fill(email);
      await dialog.getByLabel('Пароль', { exact: true }).fill(password);
      await consent.check();
      await dialog.getByRole('button', { name: 'Зарегистрироваться' }).click();

      const welcome = page.getByRole('dialog', { name: 'Добро пожаловать, Ольга!' });
      await welcome.waitFor();
      expect(await welcome.getByText(email).isVisible()).toBe(true);
      expect(await storedToken(page)).not.toBeNull();
      await welcome.getByRole('button', { name: 'Закрыть' }).click();
      await welcome.waitFor({ state: 'detached' });
      await expectLoggedIn(page);

      await followMailLink(page, baseUrl, {
        to: email,
        subject: 'Подтвердите адрес почты',
        linkPart: '/confirmed?verified_token=',
      });
      const confirmed = page.getByRole('dialog', { name: 'Почта подтверждена' });
      await confirmed.waitFor();
      await confirmed.getByRole('button', { name: 'Отлично' }).click();
      await confirmed.waitFor({ state: 'detached' });
      await expectLoggedIn(page);

      await logOut(page);

      const login = await openLogin(page);
      await submitLogin(login, email, password);
      await login.waitFor({ state: 'detached' });
      await expectLoggedIn(page);
      expect(await storedToken(page)).not.toBeNull();
    });
  });

  it('without the personal-data consent says why in Russian and creates nothing', async () => {
    await withPage(browser, baseUrl, async (page) => {
      const email = uniqueEmail('no-consent');
      const password = 'umnyashki-2026';
      const registrations: string[] = [];
      page.on('request', (request) => {
        if (request.url().includes('/api/auth/register')) registrations.push(request.url());
      });

      await page.goto('/');
      await page.getByRole('banner').getByRole('button', { name: 'Регистрация' }).click();
      const dialog = page.getByRole('dialog', { name: 'Регистрация' });
      await dialog.getByLabel('Имя').fill('Ольга');
      await dialog.getByLabel('Электронная почта').fill(email);
      await dialog.getByLabel('Пароль', { exact: true }).fill(password);
      await dialog.getByRole('button', { name: 'Зарегистрироваться' }).click();

      await dialog
        .getByText('Без согласия на обработку персональных данных зарегистрироваться нельзя')
        .waitFor();
      const consent = dialog.getByRole('checkbox', {
        name: 'Даю согласие на обработку моих персональных данных',
      });
      expect(await consent.getAttribute('aria-invalid')).toBe('true');
      expect(await dialog.isVisible()).toBe(true);
      expect(registrations).toEqual([]);
      expect(await storedToken(page)).toBeNull();

      // Nothing was created: the address has no account to log in to.
      const res = await fetch(`${baseUrl}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password }),
      });
      expect(res.ok).toBe(false);
    });
  });
});

describe('login', () => {
  it('gives one message for a wrong password that does not say which part was wrong', async () => {
    const parent = await registerParent(baseUrl, { label: 'wrong-password' });
    await withPage(browser, baseUrl, async (page) => {
      await page.goto('/');
      const dialog = await openLogin(page);

      const attempt = async (email: string) => {
        const answered = page.waitForResponse((res) => res.url().endsWith('/api/auth/login'));
        await submitLogin(dialog, email, 'not-the-password-1');
        expect((await answered).ok()).toBe(false);
        const message = dialog.getByText(INVALID_CREDENTIALS);
        await message.waitFor();
        expect(await message.count()).toBe(1);
      };

      await attempt(parent.email);
      expect(await storedToken(page)).toBeNull();
      // An address nobody registered gets the very same words: the form tells nothing about who is here.
      await attempt(uniqueEmail('nobody'));
      expect(await storedToken(page)).toBeNull();
      await expectGuest(page);
    });
  });
});

describe('password restore', () => {
  it('login → «Забыли пароль?» → the mail → a new password; the old one stops working', async () => {
    const parent = await registerParent(baseUrl, { label: 'restore' });
    const newPassword = 'novyj-parol-2026';
    await withPage(browser, baseUrl, async (page) => {
      await page.goto('/');
      const login = await openLogin(page);
      await login.getByLabel('Электронная почта').fill(parent.email);
      await login.getByRole('button', { name: 'Забыли пароль?' }).click();

      const restore = page.getByRole('dialog', { name: 'Восстановление пароля' });
      await restore.waitFor();
      // The address typed at login comes along.
      expect(await restore.getByLabel('Электронная почта').inputValue()).toBe(parent.email);
      await restore.getByRole('button', { name: 'Получить ссылку' }).click();
      const sent = page.getByRole('dialog', { name: 'Проверьте почту' });
      await sent.waitFor();
      expect(await sent.getByText(parent.email).isVisible()).toBe(true);

      await followMailLink(page, baseUrl, {
        to: parent.email,
        subject: 'Восстановление пароля',
        linkPart: '/password-reset?',
      });
      const reset = page.getByRole('dialog', { name: 'Новый пароль' });
      await reset.waitFor();
      await reset.getByLabel('Новый пароль', { exact: true }).fill(newPassword);
      await reset.getByLabel('Повторите пароль', { exact: true }).fill(newPassword);
      await reset.getByRole('button', { name: 'Сохранить пароль' }).click();

      const done = page.getByRole('dialog', { name: 'Пароль изменён' });
      await done.waitFor();
      await done.getByRole('button', { name: 'Войти' }).click();

      const again = page.getByRole('dialog', { name: 'Вход в личный кабинет' });
      await again.waitFor();
      expect(await again.getByLabel('Электронная почта').inputValue()).toBe(parent.email);

      // The old password no longer opens the account…
      await submitLogin(again, parent.email, parent.password);
      await again.getByText(INVALID_CREDENTIALS).waitFor();
      expect(await storedToken(page)).toBeNull();

      // …the new one does.
      await submitLogin(again, parent.email, newPassword);
      await again.waitFor({ state: 'detached' });
      await expectLoggedIn(page);
    });

    // And the notice about the change reaches the parent's mail.
    await waitForMail(baseUrl, parent.email, 'Пароль изменён');
  });
});

describe('VK ID sign-in (sandbox)', () => {
  it('«Отмена» on the consent screen brings a clear notice and no session', async () => {
    await withPage(browser, baseUrl, async (page) => {
      await page.goto('/');
      const login = await openLogin(page);
      await login.getByRole('button', { name: 'Войти через VK ID' }).click();

      await page.waitForURL('**/sandbox/oauth/vk/**');
      await page.getByRole('heading', { name: /просит доступ к вашему аккаунту/ }).waitFor();
      await page.getByRole('button', { name: 'Отмена' }).click();

      await page.waitForURL(
        (url) =>
          url.origin === baseUrl && url.pathname === '/' && !url.searchParams.has('social_error'),
      );
      const notice = page
        .getByRole('dialog', { name: 'Вход в личный кабинет' })
        .getByRole('status');
      await notice.waitFor();
      expect(await notice.textContent()).toBe('Вход отменён: доступ к данным не был разрешён.');
      expect(await storedToken(page)).toBeNull();
    });
  });

  it('at 375 px a first «Разрешить» asks the consent before any account; the next sign-in asks nothing', async () => {
    await withPage(
      browser,
      baseUrl,
      async (page) => {
        await page.goto('/');
        await openPhoneLogin(page);
        const login = page.getByRole('dialog', { name: 'Вход в личный кабинет' });
        // The consent is announced where the buttons are.
        await login.getByText(/Аккаунт появится только после вашего согласия/).waitFor();
        await login.getByRole('button', { name: 'Войти через VK ID' }).click();

        await page.waitForURL('**/sandbox/oauth/vk/**');
        // The first test person, Мария Тестова, is picked already.
        expect(await page.getByRole('radio', { name: /Мария Тестова/ }).isChecked()).toBe(true);
        await page.getByRole('button', { name: 'Разрешить' }).click();

        // Back at the school: the consent step, and no account or session yet.
        const step = page.getByRole('dialog', { name: 'Регистрация через VK ID' });
        await step.waitFor();
        await page.waitForURL(
          (url) => url.pathname === '/' && !url.searchParams.has('social_signup'),
        );
        await step.getByText('maria.testova@example.ru').waitFor();
        expect(await storedToken(page)).toBeNull();
        expect(await seriousViolations(page), 'axe on the consent step').toEqual([]);

        // Without the consent nothing is made.
        await step.getByRole('button', { name: 'Создать аккаунт' }).click();
        await step
          .getByText('Без согласия на обработку персональных данных зарегистрироваться нельзя')
          .waitFor();

        // Reading the consent and pressing Escape goes back to the step, not out of it.
        await step.getByRole('button', { name: 'Текст согласия' }).click();
        await step
          .getByRole('heading', { name: 'Согласие на обработку персональных данных' })
          .waitFor();
        await step.getByText(/даю\s+согласие\s+Обществу\s+с\s+ограниченной/).waitFor();
        await page.keyboard.press('Escape');
        const consent = step.getByLabel('Даю согласие на обработку моих персональных данных');
        await consent.waitFor();

        await consent.check();
        await step.getByRole('button', { name: 'Создать аккаунт' }).click();
        await page.getByRole('dialog', { name: 'Добро пожаловать, Мария!' }).waitFor();
        await page.getByRole('button', { name: 'Позже' }).click();
        expect(await storedToken(page)).not.toBeNull();

        await page.goto('/personal/profile');
        const personal = page.getByRole('region', { name: 'Личные данные' });
        expect(await personal.getByLabel('Имя').inputValue()).toBe('Мария');

        // The account exists now: the next sign-in through VK ID (from a browser that forgot the
        // session) asks nothing.
        await page.evaluate(() => window.localStorage.clear());
        await page.goto('/');
        await openPhoneLogin(page);
        const again = page.getByRole('dialog', { name: 'Вход в личный кабинет' });
        await again.getByRole('button', { name: 'Войти через VK ID' }).click();
        await page.waitForURL('**/sandbox/oauth/vk/**');
        await page.getByRole('button', { name: 'Разрешить' }).click();
        await page.waitForURL(
          (url) =>
            url.origin === baseUrl && url.pathname === '/' && !url.searchParams.has('usertoken'),
        );
        await page.waitForFunction(() => window.localStorage.getItem('user-token') !== null);
        expect(await page.getByRole('dialog', { name: 'Регистрация через VK ID' }).count()).toBe(0);
      },
      { viewport: MOBILE },
    );
  });
});
