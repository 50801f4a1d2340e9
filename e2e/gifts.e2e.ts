// Gifts in the browser: the empty «Мои подарки» on a phone, prices and a promo code on /subscribe-gift, a
// guest's choice surviving registration and paid right after it, and the mail's certificate link for a
// logged-in parent.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { payOnBankPage } from './support/bank';
import { MOBILE, launchBrowser, withPage } from './support/browser';
import { uniqueEmail } from './support/accounts';

const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

const NBSP = '\u00a0';

describe('gifts', () => {
  it('a parent without gifts sees the empty «Мои подарки» at 375 px', async () => {
    await withPage(
      browser,
      baseUrl,
      async (page) => {
        await page.goto('/personal/gift');
        const mine = page.getByRole('region', { name: 'Мои подарки' });
        await mine.getByText('Подарков пока нет').waitFor();
        expect(await mine.isVisible()).toBe(true);
        const sideways = await page.evaluate(
          () => document.documentElement.scrollWidth - window.innerWidth,
        );
        expect(sideways).toBeLessThanOrEqual(0);
      },
      { viewport: MOBILE, asParent: true },
    );
  });

  it('/subscribe-gift shows the prices, and UMNYASHKI10 takes 10 % off', async () => {
    await withPage(browser, baseUrl, async (page) => {
      await page.goto('/subscribe-gift');
      const durations = page.getByRole('group', { name: 'Срок подписки в подарок' });
      await durations.waitFor();
      expect(await durations.getByRole('radio').count()).toBe(4);
      const six = durations.getByRole('radio', { name: /6\s+месяцев/ });
      expect(await six.isChecked()).toBe(true);
      const buy = page.getByRole('button', { name: /^Купить в подарок за/ });
      const before = (await buy.textContent()) ?? '';
      const full = Number(before.replace(/\D/g, ''));
      expect(full).toBeGreaterThan(0);

      await page.getByLabel('Промокод').fill('umnyashki10');
      expect(await page.getByLabel('Промокод').inputValue()).toBe('UMNYASHKI10');
      await page.getByRole('button', { name: 'Применить' }).click();
      await page.getByText(/Промокод UMNYASHKI10 применён — скидка 10\s%/).waitFor();
      const discounted = Math.round(full * 0.9);
      const expected = `Купить в подарок за ${discounted.toLocaleString('ru-RU')}${NBSP}₽`;
      await page.waitForFunction(
        (text) =>
          [...document.querySelectorAll('button')].some(
            (b) => b.textContent?.replace(/\s/g, ' ') === text.replace(/\s/g, ' '),
          ),
        expected,
      );

      await page.getByLabel('Промокод').fill('NOSUCHCODE');
      await page.getByRole('button', { name: 'Применить' }).click();
      await page.getByText(/Такого промокода нет|не найден|недействителен/i).waitFor();
    });
  });

  it('a guest’s gift waits through registration, and the welcome goes on to paying it', async () => {
    await withPage(
      browser,
      baseUrl,
      async (page) => {
        await page.goto('/subscribe-gift');
        const durations = page.getByRole('group', { name: 'Срок подписки в подарок' });
        await durations.getByText(/12\s+месяцев/).click();
        await page
          .getByLabel('Кому отправить подарок — можно указать позже')
          .fill('babushka@example.ru');
        await page.getByRole('button', { name: /^Купить в подарок за/ }).click();

        const dialog = page.getByRole('dialog', { name: 'Регистрация' });
        await dialog.waitFor();
        await dialog.getByLabel('Имя').fill('Ольга');
        await dialog.getByLabel('Электронная почта').fill(uniqueEmail('gift-guest'));
        await dialog.getByLabel('Пароль', { exact: true }).fill('umnyashki-gift-2026');
        await dialog
          .getByRole('checkbox', { name: 'Даю согласие на обработку моих персональных данных' })
          .check();
        await dialog.getByRole('button', { name: 'Зарегистрироваться' }).click();

        await page.waitForURL((url) => url.pathname === '/personal/gift');
        // The buyer came to pay for a gift, which needs no child: the welcome's next step is paying.
        const welcome = page.getByRole('dialog', { name: 'Добро пожаловать, Ольга!' });
        await welcome.waitFor();
        expect(await welcome.getByRole('button', { name: 'Добавить ребёнка' }).count()).toBe(0);
        await welcome.getByRole('link', { name: 'Перейти к оплате подарка' }).click();
        await welcome.waitFor({ state: 'detached' });

        await page.getByText(/Вы выбрали «Подарочная подписка на 12\s+месяцев»/).waitFor();
        const chosen = page
          .getByRole('group', { name: 'Срок подписки в подарок' })
          .getByRole('radio', { name: /12\s+месяцев/ });
        expect(await chosen.isChecked()).toBe(true);
        expect(
          await page.getByLabel('Кому отправить подарок — можно указать позже').inputValue(),
        ).toBe('babushka@example.ru');
        await page
          .getByRole('region', { name: 'Мои подарки' })
          .getByText('Подарков пока нет')
          .waitFor();

        await page.getByRole('button', { name: /^Купить в подарок за/ }).click();
        await payOnBankPage(page, '5555 5555 5555 5599');
        await page.waitForURL('**/successful-payment?**');
        const result = page.getByRole('dialog');
        await result.getByRole('heading', { name: 'Оплата прошла' }).waitFor();
        await result.getByRole('link', { name: 'Мои подарки' }).click();
        await page.getByRole('region', { name: 'Мои подарки' }).locator('code').first().waitFor();
      },
      { viewport: MOBILE },
    );
  });

  it('the mail’s /gift?code= opens the activation with the code filled in, and the server says no such code', async () => {
    await withPage(
      browser,
      baseUrl,
      async (page) => {
        await page.goto('/gift?code=AAAA-BBBB-CCCC');
        await page.waitForURL((url) => url.pathname === '/personal/activate-certificate');
        const field = page.getByLabel('Код сертификата');
        await field.waitFor();
        expect(await field.inputValue()).toBe('AAAA-BBBB-CCCC');
        await page.getByRole('button', { name: 'Активировать' }).click();
        await page.getByText(/Такого кода нет/).waitFor();
        expect(await field.getAttribute('aria-invalid')).toBe('true');
      },
      { viewport: MOBILE, asParent: true },
    );
  });
});
