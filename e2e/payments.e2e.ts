// Money through the browser, against the sandbox bank: a guest chooses 6 months for 2 children with a
// promo code, registers, pays on the bank's page and finds the subscription in personal/tariffs; a declined
// card ends on the fail modal with nothing bought.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { payOnBankPage } from './support/bank';
import { MOBILE, launchBrowser, withPage } from './support/browser';
import { registerParent, storeToken, uniqueEmail, waitForMail } from './support/accounts';

const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

describe('buying a subscription', () => {
  it('a guest: 6 months for 2 children with a promo code, registers, pays, sees it in tariffs', async () => {
    await withPage(
      browser,
      baseUrl,
      async (page) => {
        await page.goto('/subscribe');
        await page.getByRole('radio', { name: /^2\s+ребёнка/ }).check({ force: true });
        await page.getByRole('radio', { name: /^6\s+месяцев/ }).check({ force: true });
        const fullPrice = await page.getByText('Итого к оплате').locator('..').innerText();
        expect(fullPrice).toMatch(/8\s100\s₽/);
        await page.getByLabel('Промокод').fill('umnyashki10');
        expect(await page.getByLabel('Промокод').inputValue()).toBe('UMNYASHKI10');
        await page.getByRole('button', { name: 'Применить промокод' }).click();
        await page.getByText('Промокод UMNYASHKI10: скидка 810\u00a0₽').waitFor();
        await page.getByText(/С промокодом к оплате 7\s290\s₽/).waitFor();

        await page.getByRole('button', { name: /Зарегистрироваться и оплатить 7\s290\s₽/ }).click();
        const dialog = page.getByRole('dialog');
        await dialog.getByRole('heading', { name: 'Регистрация и оплата' }).waitFor();
        await dialog.getByLabel('Имя').fill('Анна');
        await dialog.getByLabel('Электронная почта').fill(uniqueEmail('buyer'));
        await dialog.getByLabel('Пароль', { exact: true }).fill('Umnyashki-buyer-2026');
        await dialog.getByText('Даю согласие на обработку').click();
        await dialog.getByRole('button', { name: 'Зарегистрироваться' }).click();

        // Registered: the choice waits in personal/tariffs, the promo code with it.
        await page.waitForURL('**/personal/tariffs');
        await page.getByText('Вы выбрали этот тариф до регистрации — осталось оплатить.').waitFor();
        expect(await page.getByLabel('Промокод').inputValue()).toBe('UMNYASHKI10');
        await page.getByRole('button', { name: 'Применить промокод' }).click();
        await page.getByRole('button', { name: /^Оплатить 7\s290\s₽/ }).click();

        await payOnBankPage(page, '5555 5555 5555 5599');
        await page.waitForURL('**/successful-payment?**');
        const result = page.getByRole('dialog');
        await result.getByRole('heading', { name: 'Оплата прошла' }).waitFor();
        expect(await result.innerText()).toMatch(/Списано 7\s290\s₽/);

        await page.goto('/personal/tariffs');
        const subscription = page.getByRole('region', { name: 'Подписка' });
        await subscription.getByText('Действует', { exact: true }).waitFor();
        expect(await subscription.innerText()).toMatch(/Подписка на 6\s+месяцев для двоих детей/);
        expect(await subscription.innerText()).toMatch(/для 2\s+детей/);
        const history = page.getByRole('region', { name: 'История платежей' });
        await history.getByText('Оплачено').waitFor();
        expect(await history.innerText()).toMatch(/7\s290\s₽/);
        // The header of the personal area tells it everywhere.
        expect(await page.locator('h1 + p').innerText()).toMatch(/Подписка до .* · для 2\s+детей/);
      },
      { viewport: MOBILE },
    );
  });

  it('a declined card ends on the fail modal, and nothing is bought', async () => {
    await withPage(
      browser,
      baseUrl,
      async (page) => {
        await page.goto('/personal/tariffs');
        await page
          .getByRole('radio', { name: /^1\s+месяц\s/ })
          .first()
          .check({ force: true });
        await page.getByRole('button', { name: /^Оплатить/ }).click();
        await payOnBankPage(page, '4000 0000 0000 0002');
        await page.waitForURL('**/fail-payment?**');
        const result = page.getByRole('dialog');
        await result.getByRole('heading', { name: 'Оплата не прошла' }).waitFor();
        expect(await result.innerText()).toMatch(/Деньги не списаны/);
        await result.getByRole('link', { name: 'Попробовать ещё раз' }).click();
        await page.waitForURL('**/personal/tariffs');
        const history = page.getByRole('region', { name: 'История платежей' });
        await history.getByText('Не прошла').first().waitFor();
      },
      { viewport: MOBILE, asParent: true },
    );
  });
});

describe('a gift', () => {
  it('is bought and sent by one parent, and activated at /gift by the one it was sent to', async () => {
    const buyer = await registerParent(baseUrl, { label: 'gift-buyer', name: 'Ольга' });
    const recipientEmail = uniqueEmail('gift-recipient');
    let code = '';
    await withPage(
      browser,
      baseUrl,
      async (page, context) => {
        await storeToken(context, buyer.token);
        await page.goto('/personal/gift');
        const durations = page.getByRole('group', { name: 'Срок подписки в подарок' });
        await durations.getByRole('radio', { name: /3\s+месяца/ }).check({ force: true });
        await page.getByRole('button', { name: /^Купить в подарок за/ }).click();
        await payOnBankPage(page, '2200 0000 0000 0053');
        await page.waitForURL('**/successful-payment?**');
        const result = page.getByRole('dialog');
        await result.getByRole('heading', { name: 'Оплата прошла' }).waitFor();
        await result.getByRole('link', { name: 'Мои подарки' }).click();
        await page.waitForURL('**/personal/gift');

        const mine = page.getByRole('region', { name: 'Мои подарки' });
        const shown = mine.locator('code').first();
        await shown.waitFor();
        code = (await shown.innerText()).trim();
        expect(code).toMatch(/^[A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4}$/);
        await mine.getByLabel('Почта получателя').fill(recipientEmail);
        await mine.getByRole('button', { name: 'Отправить на почту' }).click();
        await mine.getByText(`Письмо с подарком отправлено на ${recipientEmail}`).waitFor();
      },
      { viewport: MOBILE },
    );

    const mail = await waitForMail(
      baseUrl,
      recipientEmail,
      'Вам подарили подписку на Школу Умняшек',
    );
    const link = mail.links.find((href) => href.includes('/gift?code='));
    expect(link).toBe(`${baseUrl}/gift?code=${code}`);

    await withPage(
      browser,
      baseUrl,
      async (page) => {
        await page.goto(new URL(link ?? '').pathname + new URL(link ?? '').search);
        await page.waitForURL('**/gift/register**');
        await page.getByRole('button', { name: 'Зарегистрироваться' }).first().click();
        const dialog = page.getByRole('dialog');
        await dialog.getByLabel('Имя').fill('Ирина');
        await dialog.getByLabel('Электронная почта').fill(recipientEmail);
        await dialog.getByLabel('Пароль', { exact: true }).fill('Umnyashki-gift-2026');
        await dialog.getByText('Даю согласие на обработку').click();
        await dialog.getByRole('button', { name: 'Зарегистрироваться' }).click();
        await page.waitForURL('**/personal/activate-certificate**');
        const welcome = page.getByRole('dialog');
        if (await welcome.isVisible()) await page.keyboard.press('Escape');
        const field = page.getByLabel('Код сертификата');
        expect(await field.inputValue()).toBe(code);
        await page.getByRole('button', { name: 'Активировать' }).click();
        await page.getByText(/Подарок активирован: подписка до/).waitFor();
        // The personal area's header follows as soon as the profile is read again.
        await page
          .locator('h1 + p')
          .getByText(/Подписка до/)
          .waitFor();
      },
      { viewport: MOBILE },
    );
  });
});
