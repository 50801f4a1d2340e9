// What the back office shows each role (the roles' table, src/contract/staff-access.ts): the editor gets
// no money, no family counts and no parents' comments, support the dashboard and the reasons' shares
// without the comments — and none of their screens asks for what the server would refuse.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, withPage } from './support/browser';
import { registerParent } from './support/accounts';

const baseUrl = inject('baseUrl');
let browser: Browser;

/** A parent's own words on switching renewal off: only the administrator may read them. */
const COMMENT = `Переезжаем, позвоните маме ${Date.now().toString(36)}`;

beforeAll(async () => {
  browser = await launchBrowser();
  const parent = await registerParent(baseUrl, { label: 'leaving' });
  const res = await fetch(`${baseUrl}/api/profile/unsubscribe/statistics`, {
    method: 'POST',
    headers: { authorization: `Bearer ${parent.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ reason: 'other', comment: COMMENT }),
  });
  expect(res.status).toBe(200);
});
afterAll(async () => {
  await browser.close();
});

async function adminToken(): Promise<string> {
  const res = await fetch(`${baseUrl}/api/admin/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@umnyashki.ru', password: 'umnyashki-admin' }),
  });
  const body = (await res.json()) as { data: { token: string | null } };
  if (!body.data.token) throw new Error(`the demo administrator did not sign in: ${res.status}`);
  return body.data.token;
}

/** A new account given `role` by the demo administrator: its address and password. */
async function staffMember(role: 'editor' | 'support') {
  const account = await registerParent(baseUrl, { label: role });
  const headers = { authorization: `Bearer ${await adminToken()}` };
  const found = (await (
    await fetch(`${baseUrl}/api/admin/users?q=${encodeURIComponent(account.email)}`, { headers })
  ).json()) as { data: { id: number }[] };
  const id = found.data[0]?.id;
  const res = await fetch(`${baseUrl}/api/admin/users/${id}/role`, {
    method: 'PUT',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({ role }),
  });
  expect(res.status).toBe(200);
  return account;
}

/** Signs in at /admin and collects every back-office call the screens make that the server refuses. */
async function signIn(page: Page, email: string, password: string): Promise<string[]> {
  const refused: string[] = [];
  page.on('response', (response) => {
    if (response.url().includes('/api/admin/') && response.status() === 403) {
      refused.push(new URL(response.url()).pathname);
    }
  });
  await page.goto('/admin/');
  await page.getByLabel('Почта').fill(email);
  await page.getByLabel('Пароль').fill(password);
  await page.getByRole('button', { name: 'Войти' }).click();
  await page.getByText('Сводка').first().waitFor();
  return refused;
}

/** Opens every section of the menu in turn, waiting for each screen's calls to settle. */
async function visitEverySection(page: Page): Promise<string[]> {
  const sections = await page.getByRole('menuitem').allTextContents();
  for (const name of sections) {
    await page.getByRole('menuitem', { name, exact: true }).click();
    await page.waitForLoadState('networkidle');
  }
  return sections;
}

async function openReasons(page: Page): Promise<void> {
  await page.getByRole('menuitem', { name: 'Причины отключения автопродления' }).click();
  await page.getByText('Причины за период').waitFor();
  await page.getByText(/Всего ответов: \d+/).waitFor();
}

describe('the back office by role', () => {
  it('shows the editor its sections, no money, no counts and no parents’ comments', async () => {
    const editor = await staffMember('editor');
    await withPage(browser, baseUrl, async (page) => {
      const refused = await signIn(page, editor.email, editor.password);
      await page.getByText('Ваши разделы — в меню').waitFor();
      await page.getByRole('menuitem', { name: 'Уроки' }).waitFor();
      for (const text of ['Выручка за месяц', 'Платежи за 30 дней', 'Семей', 'Не удалось']) {
        expect(await page.getByText(text).count(), text).toBe(0);
      }
      for (const section of ['Заказы', 'Обращения', 'Сертификаты', 'Тарифы']) {
        expect(await page.getByRole('menuitem', { name: section }).count(), section).toBe(0);
      }

      await openReasons(page);
      expect(await page.getByText(COMMENT).count()).toBe(0);
      expect(await page.getByText('Комментарий').count()).toBe(0);
      expect(await page.getByRole('alert').count()).toBe(0);
      expect(await visitEverySection(page)).toContain('Уроки');
      expect(refused).toEqual([]);
    });
  });

  it('shows support the dashboard and the reasons’ shares, without the comments', async () => {
    const support = await staffMember('support');
    await withPage(browser, baseUrl, async (page) => {
      const refused = await signIn(page, support.email, support.password);
      await page.getByText('Выручка за месяц').waitFor();
      await page.getByText('Семей').waitFor();
      await page.getByText(/Платежи за 30 дней/).waitFor();

      await openReasons(page);
      expect(await page.getByText(COMMENT).count()).toBe(0);
      expect(await page.getByText('Комментарий').count()).toBe(0);
      expect(await visitEverySection(page)).toContain('Заказы');
      expect(refused).toEqual([]);
    });
  });
});
