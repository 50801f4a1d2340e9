// The back office as the demo's administrator signs in to it (the password is in README.md).
import type { Page } from 'playwright-core';

export async function signInToAdmin(page: Page): Promise<void> {
  await page.goto('/admin/');
  await page.getByLabel('Почта').fill('admin@umnyashki.ru');
  await page.getByLabel('Пароль').fill('umnyashki-admin');
  await page.getByRole('button', { name: 'Войти' }).click();
  await page.getByText('Семей').waitFor();
}
