// What a family can buy besides the subscription, seen at 375 px before any payment: one more place for
// a child (a fresh parent with one child and no subscription) and the demo parent's skipped weeks, whose
// total follows the ticks. The paid journeys through the sandbox bank are written apart.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { MOBILE, launchBrowser, withPage } from './support/browser';
import { registerParent, storeToken } from './support/accounts';

const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

const NBSP = '\u00a0';

async function scrollsSideways(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const root = document.scrollingElement ?? document.documentElement;
    return root.scrollWidth > root.clientWidth;
  });
}

/** YYYY-MM-DD of a day a little over four years ago on the Moscow calendar (the server's). */
function birthDateFourYearsAgo(): string {
  const moscow = new Date(Date.now() + 3 * 60 * 60 * 1000);
  const date = new Date(
    Date.UTC(moscow.getUTCFullYear() - 4, moscow.getUTCMonth(), moscow.getUTCDate() - 10),
  );
  return date.toISOString().slice(0, 10);
}

/** Adds a child the way the students page does, through the API. */
async function addChild(token: string, name: string): Promise<void> {
  const res = await fetch(`${baseUrl}/api/profile/child/store`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ name, birth_date: birthDateFourYearsAgo() }),
  });
  if (!res.ok) throw new Error(`Adding ${name} failed: ${res.status} ${await res.text()}`);
}

/** «1 490 ₽» → 1490: roubles as a parent reads them. */
function roubles(text: string): number {
  const match = /([\d\s\u00a0\u202f]+)\u00a0₽/.exec(text);
  if (!match?.[1]) throw new Error(`No price in «${text}»`);
  return Number(match[1].replace(/\D/g, ''));
}

describe('extras at 375 px', () => {
  it('a parent with one child and no subscription is offered one more place for 490 ₽', async () => {
    const parent = await registerParent(baseUrl, { label: 'extras-slot' });
    await addChild(parent.token, 'Маша');
    await withPage(
      browser,
      baseUrl,
      async (page, context) => {
        await storeToken(context, parent.token);
        await page.goto('/personal/students');
        await page.getByText('Занято мест: 1 из 1').waitFor();

        await page.getByRole('button', { name: 'Добавить ребёнка' }).click();
        const dialog = page.getByRole('dialog', { name: 'Место для ещё одного ученика' });
        await dialog.waitFor();
        const offer = dialog.getByRole('heading', {
          name: `Купить место для ещё одного ребёнка${NBSP}— 490${NBSP}₽`,
        });
        expect(await offer.isVisible()).toBe(true);
        expect(
          await dialog.getByText(/^Без подписки в семье есть место для одного ребёнка\./).count(),
        ).toBe(1);
        expect(await dialog.getByRole('button', { name: `Оплатить 490${NBSP}₽` }).isVisible()).toBe(
          true,
        );
        // Without a subscription the tariffs are offered too.
        expect(await dialog.getByRole('link', { name: 'Выбрать тариф' }).isVisible()).toBe(true);
        expect(await page.getByRole('dialog', { name: 'Добавить ребёнка' }).count()).toBe(0);
        expect(await scrollsSideways(page)).toBe(false);
      },
      { viewport: MOBILE },
    );
  });

  it('the skipped weeks’ total follows the ticks', async () => {
    await withPage(
      browser,
      baseUrl,
      async (page) => {
        await page.goto('/skiped-weeks');
        await page.getByRole('heading', { name: `Пропущено: 2${NBSP}недели` }).waitFor();
        const weeks = page.getByRole('main').getByRole('listitem');
        const prices = await Promise.all(
          [0, 1].map(async (i) => roubles(await weeks.nth(i).innerText())),
        );
        const [first = 0, second = 0] = prices;

        const total = page.getByText(/^Итого: /);
        expect(roubles(await total.innerText())).toBe(first + second);
        expect(await total.innerText()).toMatch(/за 2\sнедели$/);
        const checks = page.getByRole('checkbox');
        expect(await checks.count()).toBe(2);
        expect(await checks.nth(0).isChecked()).toBe(true);
        expect(await checks.nth(1).isChecked()).toBe(true);

        await checks.nth(0).uncheck();
        await page.getByText(/за 1\sнеделю$/).waitFor();
        expect(roubles(await total.innerText())).toBe(second);
        const pay = page.getByRole('button', { name: /^Оплатить/ });
        expect(roubles(await pay.innerText())).toBe(second);

        await checks.nth(1).uncheck();
        await page.getByText('Не выбрано ни одной недели').waitFor();
        expect(await pay.isDisabled()).toBe(true);
        expect(await scrollsSideways(page)).toBe(false);
      },
      { viewport: MOBILE, asParent: true },
    );
  });
});
