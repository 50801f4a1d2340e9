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
