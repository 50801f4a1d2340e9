// The payer on the sandbox bank's hosted page.
import type { Page } from 'playwright-core';

/** Pays on the sandbox bank's page with a test card, any future date, CVC 123. */
export async function payOnBankPage(page: Page, pan: string): Promise<void> {
  await page.waitForURL('**/sandbox/sberbank/**');
  await page.getByLabel('Номер карты').fill(pan);
  await page.getByLabel('Срок действия').fill('12/30');
  await page.getByLabel('CVC').fill('123');
  await page.getByLabel('Имя держателя карты').fill('ANNA IVANOVA');
  await page.getByRole('button', { name: /^Оплатить/ }).click();
}

/**
 * On «Тарифы» (`/personal/tariffs`, the parent signed in): a month's subscription for `children`, paid with
 * a test card the sandbox accepts, until the school says «Оплата прошла».
 */
export async function payForMonth(page: Page, children: 1 | 2 = 1): Promise<void> {
  await page.goto('/personal/tariffs');
  if (children > 1) {
    await page.getByRole('radio', { name: /^2\s+ребёнка/ }).check({ force: true });
  }
  await page
    .getByRole('radio', { name: /^1\s+месяц\s/ })
    .first()
    .check({ force: true });
  await page.getByRole('button', { name: /^Оплатить/ }).click();
  await payOnBankPage(page, '5555 5555 5555 5599');
  await page.waitForURL('**/successful-payment?**');
  await page.getByRole('dialog').getByRole('heading', { name: 'Оплата прошла' }).waitFor();
}
