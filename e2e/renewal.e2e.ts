// Auto-renewal in the browser, against the sandbox bank: a parent pays with the separate consent ticked,
// turns renewal off in one click (the pause offered first, the reason optional) and on again; another
// takes two weeks of «каникулы» from the cancel flow, and the end date and the next charge move.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { formatMoscowDate } from '../src/contract/moscow-date';
import { MOBILE, DESKTOP, launchBrowser, withPage, type Viewport } from './support/browser';
import { registerParent, storeToken } from './support/accounts';
import { seriousViolations } from './support/axe';
import { payOnBankPage } from './support/bank';

const baseUrl = inject('baseUrl');
const TWO_WEEKS_MS = 14 * 24 * 60 * 60_000;
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

interface Dates {
  endsAt: string;
  nextChargeAt: string;
}

/** What the server holds now: the subscription's end and the next charge. */
async function datesOf(token: string): Promise<Dates> {
  const headers = { authorization: `Bearer ${token}` };
  const profile = (await (await fetch(`${baseUrl}/api/profile/show`, { headers })).json()) as {
    data: { subscription: { ends_at: string } };
  };
  const renewal = (await (await fetch(`${baseUrl}/api/store/renewal`, { headers })).json()) as {
    data: { next_charge_at: string };
  };
  return { endsAt: profile.data.subscription.ends_at, nextChargeAt: renewal.data.next_charge_at };
}

/** A month for one child, paid with the auto-renewal consent ticked; back in personal/tariffs. */
async function subscribeWithRenewal(page: Page): Promise<void> {
  await page.goto('/personal/tariffs');
  await page
    .getByRole('radio', { name: /^1\s+месяц\s/ })
    .first()
    .check({ force: true });
  const consent = page.getByRole('checkbox', { name: 'Продлевать подписку автоматически' });
  expect(await consent.isChecked()).toBe(false);
  const terms = await page.getByText(/^Соглашаюсь, что банк сохранит карту/).innerText();
  expect(terms).toMatch(/списывать \d[\d\s]*\u00a0₽ раз в месяц/);
  await consent.check();
  await page.getByRole('button', { name: /^Оплатить/ }).click();
  await payOnBankPage(page, '5555 5555 5555 5599');
  await page.waitForURL('**/successful-payment?**');
  await page.getByRole('dialog').getByRole('heading', { name: 'Оплата прошла' }).waitFor();
  await page.goto('/personal/tariffs');
}

/** A newly registered parent who has just paid a month with the consent, in their own browser. */
async function asRenewingParent(
  label: string,
  viewport: Viewport,
  journey: (page: Page, token: string) => Promise<void>,
): Promise<void> {
  const parent = await registerParent(baseUrl, { label });
  await withPage(
    browser,
    baseUrl,
    async (page, context) => {
      await storeToken(context, parent.token);
      // axe measures colours as shown: a modal still fading in would be measured half transparent.
      await page.emulateMedia({ reducedMotion: 'reduce' });
      await subscribeWithRenewal(page);
      await journey(page, parent.token);
    },
    { viewport },
  );
}

describe('auto-renewal', () => {
  it('is on after paying with consent, turned off in one click with a reason, and on again', async () => {
    await asRenewingParent('renewal', MOBILE, async (page, token) => {
      const { nextChargeAt } = await datesOf(token);

      const panel = page.getByRole('region', { name: 'Автопродление и карта' });
      const toggle = panel.getByRole('switch', { name: 'Автопродление' });
      await panel.getByText(`Следующее списание — ${formatMoscowDate(nextChargeAt)}`).waitFor();
      expect(await toggle.isChecked()).toBe(true);
      expect(await panel.innerText()).toMatch(/с карты ••\s5599/);
      expect(await seriousViolations(page), 'the renewal panel').toEqual([]);

      await toggle.click();
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('heading', { name: 'Отключить автопродление?' }).waitFor();
      await dialog.getByRole('heading', { name: 'Может, лучше каникулы?' }).waitFor();
      expect(await seriousViolations(page), 'the subscribe modal').toEqual([]);
      await dialog.getByRole('button', { name: 'Отключить автопродление' }).click();

      await dialog.getByRole('heading', { name: 'Автопродление отключено' }).waitFor();
      expect(await seriousViolations(page), 'the subscribe answer modal').toEqual([]);
      await dialog.getByRole('radio', { name: 'Дорого' }).check();
      await dialog.getByLabel('Комментарий (по желанию)').fill('Подождём до осени');
      await dialog.getByRole('button', { name: 'Отправить' }).click();
      await dialog.getByRole('heading', { name: 'Спасибо!' }).waitFor();
      await dialog.getByRole('button', { name: 'Хорошо' }).click();

      await panel.getByText(/^Выключено: подписка закончится в срок/).waitFor();
      expect(await toggle.isChecked()).toBe(false);
      const subscription = page.getByRole('region', { name: 'Подписка' });
      await subscription.getByText(/^Выключено — .* подписка закончится/).waitFor();
      // Reloaded from the server: the refusal is stored, not only shown.
      await page.reload();
      await panel.getByText(/^Выключено: подписка закончится в срок/).waitFor();

      // On again: the consent is asked anew and the button waits for it.
      await toggle.click();
      const enable = panel.getByRole('button', { name: 'Включить автопродление' });
      expect(await enable.isDisabled()).toBe(true);
      await panel.getByRole('checkbox', { name: 'Продлевать подписку автоматически' }).check();
      await enable.click();
      await panel.getByText(`Следующее списание — ${formatMoscowDate(nextChargeAt)}`).waitFor();
      expect(await toggle.isChecked()).toBe(true);
    });
  });

  it('a two-week pause from the cancel flow moves the end date and the next charge', async () => {
    await asRenewingParent('pause', DESKTOP, async (page, token) => {
      const before = await datesOf(token);
      const endLater = formatMoscowDate(new Date(before.endsAt).getTime() + TWO_WEEKS_MS);
      const chargeLater = formatMoscowDate(new Date(before.nextChargeAt).getTime() + TWO_WEEKS_MS);

      const panel = page.getByRole('region', { name: 'Автопродление и карта' });
      await panel.getByRole('switch', { name: 'Автопродление' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('heading', { name: 'Может, лучше каникулы?' }).waitFor();
      await dialog.getByRole('radio', { name: '2 недели' }).check();
      await dialog
        .getByText(`Подписка продлится до ${endLater}, списание перенесётся на ${chargeLater}.`)
        .waitFor();
      await dialog.getByRole('button', { name: 'Взять каникулы на 2\u00a0недели' }).click();
      await dialog.waitFor({ state: 'detached' });

      const subscription = page.getByRole('region', { name: 'Подписка' });
      await subscription.getByText(/^Каникулы до /).waitFor();
      await subscription.getByText(endLater, { exact: true }).waitFor();
      await panel.getByText(`Следующее списание — ${chargeLater}`).waitFor();
      expect(await panel.getByRole('switch', { name: 'Автопродление' }).isChecked()).toBe(true);
      await panel.getByRole('button', { name: 'Закончить каникулы' }).waitFor();
      expect(await seriousViolations(page), 'the tariffs page during a pause').toEqual([]);

      const after = await datesOf(token);
      expect(new Date(after.endsAt).getTime() - new Date(before.endsAt).getTime()).toBe(
        TWO_WEEKS_MS,
      );
      expect(new Date(after.nextChargeAt).getTime() - new Date(before.nextChargeAt).getTime()).toBe(
        TWO_WEEKS_MS,
      );
    });
  });
});
