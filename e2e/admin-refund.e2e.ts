// A refund from the back office: a parent pays for a subscription on the sandbox bank's page, the
// administrator gives the money back from the order's page after a confirmation that names the sum, and
// the parent's personal area shows the money returned and no subscription in force.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { payOnBankPage } from './support/bank';
import { DESKTOP, MOBILE, launchBrowser, newPage } from './support/browser';
import { registerParent, storeToken } from './support/accounts';
import { signInToAdmin } from './support/back-office';

const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

describe('a refund from the back office', () => {
  it('gives a paid subscription back through the bank, and the parent sees it', async () => {
    const parent = await registerParent(baseUrl, { label: 'refund' });
    const { context, page } = await newPage(browser, baseUrl, MOBILE);
    await storeToken(context, parent.token);
    await page.goto('/personal/tariffs');
    await page.getByRole('radio', { name: /^1\s+месяц/ }).check({ force: true });
    const pay = page.getByRole('button', { name: /^Оплатить \d/ });
    const price = /Оплатить (.+₽)/.exec(await pay.innerText())?.[1] ?? '';
    expect(price).not.toBe('');
    await pay.click();
    await payOnBankPage(page, '5555 5555 5555 5599');
    await page.waitForURL('**/successful-payment?**');
    await page.getByRole('dialog').getByRole('heading', { name: 'Оплата прошла' }).waitFor();

    const admin = await newPage(browser, baseUrl, DESKTOP);
    const office = admin.page;
    await signInToAdmin(office);
    await office.goto('/admin/orders');
    await office.getByPlaceholder('Номер заказа или почта').fill(parent.email);
    await office
      .getByRole('row', { name: new RegExp(parent.email.replace(/[.+]/g, '\\$&')) })
      .click();
    await office.getByRole('button', { name: 'Вернуть деньги' }).click();
    const confirm = office.getByRole('dialog');
    await confirm.getByText(`Вернуть ${price}?`).waitFor();
    await confirm.getByLabel('Причина (необязательно)').fill('Родитель передумал');
    await confirm.getByRole('button', { name: 'Вернуть деньги' }).click();
    await office.getByText('Возвращён').waitFor();
    expect(await office.getByRole('button', { name: 'Вернуть деньги' }).count()).toBe(0);
    await admin.context.close();

    await page.goto('/personal/tariffs');
    const history = page.getByRole('region', { name: 'История платежей' });
    await history.getByText('Деньги возвращены').waitFor();
    const subscription = page.getByRole('region', { name: 'Подписка' });
    expect(await subscription.getByText('Действует', { exact: true }).count()).toBe(0);
    await context.close();
  });
});
