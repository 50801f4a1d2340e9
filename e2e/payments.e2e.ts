// Money through the browser, against the sandbox bank: a guest chooses 6 months for 2 children with a
// promo code, registers, sees the discounted sum before paying, pays it on the bank's page and finds the
// subscription in personal/tariffs; a declined card ends on the fail modal naming the school's order
// number — the one on the bank's page and in the history — with nothing bought.
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
        await page.getByText(/Промокод UMNYASHKI10 применён: к оплате 7\s290\s₽/).waitFor();
        // ИТОГО is the discounted sum; the price before the code is crossed out beside it.
        const total = page.getByText('Итого к оплате').locator('..');
        expect(await total.locator('del').innerText()).toMatch(/8\s100\s₽/);
        expect(await total.innerText()).toMatch(/^Итого к оплате\s+7\s290\s₽/i);

        await page.getByRole('button', { name: /Зарегистрироваться и оплатить 7\s290\s₽/ }).click();
        const dialog = page.getByRole('dialog');
        await dialog.getByRole('heading', { name: 'Регистрация и оплата' }).waitFor();
        await dialog.getByLabel('Имя').fill('Анна');
        const email = uniqueEmail('buyer');
        await dialog.getByLabel('Электронная почта').fill(email);
        await dialog.getByLabel('Пароль', { exact: true }).fill('Umnyashki-buyer-2026');
        await dialog.getByText('Даю согласие на обработку').click();
        await dialog.getByRole('button', { name: 'Зарегистрироваться' }).click();

        // Registered: the choice waits in personal/tariffs, the promo code with it.
        await page.waitForURL('**/personal/tariffs');
        await page.getByText('Вы выбрали этот тариф до регистрации — осталось оплатить.').waitFor();
        expect(await page.getByLabel('Промокод').inputValue()).toBe('UMNYASHKI10');
        // The code is priced at once: the sum on the button is the sum the bank is asked for.
        const pay = page.getByRole('button', { name: /^Оплатить 7\s290\s₽/ });
        await pay.waitFor();
        expect(
          await page.getByText('Итого к оплате').locator('..').locator('del').innerText(),
        ).toMatch(/8\s100\s₽/);
        await pay.click();
        await page.waitForURL('**/sandbox/sberbank/**');
        expect(await page.locator('body').innerText()).toMatch(/7\s290,00\s₽/);

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
        // The letter after payment names the order by the number the history shows.
        const number = /Заказ №\s(\S+)/.exec(await history.innerText())?.[1] ?? '';
        expect(number).toMatch(/^\d+-[0-9A-Z]{6}$/);
        const letter = await waitForMail(baseUrl, email, `Оплата прошла — заказ №\u00a0${number}`);
        expect(letter.text).toMatch(/Сумма: 7\s290\u00a0₽/);
        // The header of the personal area tells it everywhere.
        expect(await page.locator('h1 + p').innerText()).toMatch(/Подписка до .* · для 2\s+детей/);
      },
      { viewport: MOBILE },
    );
    // Registration, two pages of the bank and the personal area: the longest journey of the file.
  }, 120_000);

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
        await page.waitForURL('**/sandbox/sberbank/**');
        const atBank = /Заказ\s*№\s*(\S+)/.exec(await page.locator('body').innerText())?.[1];
        expect(atBank).toMatch(/^\d+-[2-9A-HJ-NP-Z]{6}$/);
        await payOnBankPage(page, '4000 0000 0000 0002');
        await page.waitForURL('**/fail-payment?**');
        const result = page.getByRole('dialog');
        await result.getByRole('heading', { name: 'Оплата не прошла' }).waitFor();
        expect(await result.innerText()).toMatch(/Деньги не списаны/);
        // Support is told the school's number, the one the bank's page showed — not the bank's own id.
        expect(await result.innerText()).toContain(`укажите номер заказа ${atBank ?? ''}`);
        await result.getByRole('link', { name: 'Попробовать ещё раз' }).click();
        await page.waitForURL('**/personal/tariffs');
        const history = page.getByRole('region', { name: 'История платежей' });
        const failed = history.getByRole('listitem').filter({ hasText: 'Не оплачен' }).first();
        await failed.waitFor();
        expect(await failed.innerText()).toContain(`Заказ №\u00a0${atBank ?? ''}`);
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
