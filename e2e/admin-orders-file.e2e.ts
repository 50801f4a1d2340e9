// The orders file for the accountant, from the back office on a phone: a parent pays on the sandbox bank's
// page, the administrator asks «Заказы» → «Файл для бухгалтерии» for today and gets a CSV that Russian
// Excel opens as a table — a byte order mark, `;` between cells, the parent's order in it.
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { moscowCalendarDate } from '../src/contract/moscow-date';
import { ORDERS_CSV_COLUMNS } from '../src/contract/api/admin-exports';
import { seriousViolations } from './support/axe';
import { payForMonth } from './support/bank';
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

describe('the orders file for the accountant', () => {
  it('downloads the day’s orders as a table Excel opens, at 375 px', async () => {
    const parent = await registerParent(baseUrl, { label: 'orders-file' });
    const family = await newPage(browser, baseUrl, DESKTOP);
    await storeToken(family.context, parent.token);
    await payForMonth(family.page);
    await family.context.close();

    const { context, page } = await newPage(browser, baseUrl, MOBILE);
    await signInToAdmin(page);
    await page.goto('/admin/orders');
    await page.getByPlaceholder('Номер заказа или почта').fill(parent.email);
    await page.getByText(parent.email).first().waitFor();
    // On a phone each order reads «number · sum».
    const row = await page
      .getByText(/^\S+ · \d/)
      .first()
      .innerText();
    const orderNumber = row.split(' · ')[0] ?? '';
    expect(orderNumber).not.toBe('');
    await page.getByRole('button', { name: 'Файл для бухгалтерии' }).click();
    const dialog = page.getByRole('dialog', { name: 'Заказы файлом для бухгалтерии' });
    const today = moscowCalendarDate(new Date());
    await dialog.getByLabel('С', { exact: true }).fill(today);
    await dialog.getByLabel('По', { exact: true }).fill(today);
    expect(await seriousViolations(page)).toEqual([]);
    const [file] = await Promise.all([
      page.waitForEvent('download'),
      dialog.getByRole('button', { name: 'Скачать' }).click(),
    ]);
    expect(file.suggestedFilename()).toBe(`orders-${today}-${today}.csv`);
    const text = await readFile(await file.path(), 'utf8');
    expect(text.startsWith('\uFEFF')).toBe(true);
    const lines = text.slice(1).split('\r\n');
    expect(lines[0]).toBe(ORDERS_CSV_COLUMNS.join(';'));
    const mine = lines.find((line) => line.split(';')[1] === orderNumber)?.split(';');
    expect(mine?.slice(2, 4)).toEqual(['Покупка', 'Подписка']);
    expect(mine?.[7]).toBe('Оплачен');
    expect(mine?.[8]).toBe('555555**5599');
    await dialog.waitFor({ state: 'hidden' });
    await context.close();
  });
});
