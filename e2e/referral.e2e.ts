// Invite a friend (docs/PRODUCT.md «Invite a friend»): a mother with a paid month opens «Профиль», taps
// «Поделиться» and has her link copied; a friend opens it in a browser of her own, registers, starts the
// trial and gets 14 days instead of 7, then pays for a month with a card of her own; the mother's panel
// shows the friend as paid with +30 days, and her paid time ends 30 days later. At 375 and 1280 px, with axe.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { formatMoscowDate } from '../src/contract/moscow-date';
import { DESKTOP, MOBILE, launchBrowser, newPage } from './support/browser';
import { registerParent, storeToken, uniqueEmail } from './support/accounts';
import { seriousViolations } from './support/axe';
import { payOnBankPage } from './support/bank';
import { apiAs, screenshot } from './support/journey';

const baseUrl = inject('baseUrl');
const api = apiAs(baseUrl);
const DAY_MS = 24 * 60 * 60_000;
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

interface ReferralBody {
  data: {
    link: string;
    counts: { registered: number; paid: number; days: number };
    invited: { email: string; state: string; days: number }[];
  };
}

async function json<T>(response: Response): Promise<T> {
  if (!response.ok) {
    throw new Error(`${response.url}: ${response.status} ${await response.text()}`);
  }
  return (await response.json()) as T;
}

/** The end of the family's paid time, the periods to come included (what «Тарифы» shows). */
async function paidUntil(token: string): Promise<string> {
  const body = await json<{ data: { paid_until: string | null } }>(
    await api(token, 'store/renewal'),
  );
  if (!body.data.paid_until) throw new Error('No paid time');
  return body.data.paid_until;
}

/** A month for one child on «Тарифы», paid on the sandbox bank's page with `card`. */
async function payForMonth(page: Page, card: string): Promise<void> {
  await page.goto('/personal/tariffs');
  await page
    .getByRole('radio', { name: /^1\s+месяц\s/ })
    .first()
    .check({ force: true });
  await page.getByRole('button', { name: /^Оплатить/ }).click();
  await payOnBankPage(page, card);
  await page.waitForURL('**/successful-payment?**');
  await page.getByRole('dialog').getByRole('heading', { name: 'Оплата прошла' }).waitFor();
}

/** The personal area's «Профиль» tab, as a parent reaches it from the personal area. */
async function openProfile(page: Page): Promise<Locator> {
  await page.goto('/personal/tariffs');
  await page
    .getByRole('navigation', { name: 'Разделы личного кабинета' })
    .getByRole('link', { name: 'Профиль' })
    .click();
  await page.waitForURL('**/personal/profile');
  const panel = page.getByRole('region', { name: 'Пригласить друзей' });
  await panel.getByRole('button', { name: 'Поделиться' }).waitFor();
  return panel;
}

/** The friend, a guest on her phone, registers from the landing the link opened. */
async function registerFriend(page: Page, email: string): Promise<void> {
  await page.getByRole('button', { name: 'Открыть меню' }).click();
  await page
    .getByRole('button', { name: 'Регистрация', exact: true })
    .filter({ visible: true })
    .click();
  const register = page.getByRole('dialog', { name: 'Регистрация' });
  await register.getByLabel('Имя').fill('Ирина');
  await register.getByLabel('Электронная почта').fill(email);
  await register.getByLabel('Пароль', { exact: true }).fill('Umnyashki-friend-2026');
  await register
    .getByRole('checkbox', { name: 'Даю согласие на обработку моих персональных данных' })
    .check();
  await register.getByRole('button', { name: 'Зарегистрироваться' }).click();
  const welcome = page.getByRole('dialog', { name: 'Добро пожаловать, Ирина!' });
  await welcome.getByRole('button', { name: 'Закрыть' }).click();
  await welcome.waitFor({ state: 'detached' });
}

function birthDate(years: number): string {
  const date = new Date();
  date.setFullYear(date.getFullYear() - years, date.getMonth() - 2);
  return date.toISOString().slice(0, 10);
}

/** Starts the trial the way a newcomer does: on «Видео-уроки», for her child. */
async function startTrial(page: Page, token: string): Promise<void> {
  expect(
    (await api(token, 'profile/child/store', { name: 'Соня', birth_date: birthDate(4) })).status,
  ).toBe(201);
  await page.goto('/video');
  const select = page.getByRole('dialog', { name: 'Кто будет смотреть?' });
  await select.getByRole('button', { name: /Соня/ }).click();
  await select.waitFor({ state: 'detached' });
  await page.getByRole('button', { name: 'Начать бесплатную неделю' }).first().click();
  await page.getByRole('button', { name: 'Начать бесплатную неделю' }).first().waitFor({
    state: 'detached',
  });
}

/** Reloads the inviter's profile until her panel shows the friend in `state` (the reward may lag). */
async function waitForState(page: Page, token: string, state: string): Promise<Locator> {
  const started = Date.now();
  for (;;) {
    const body = await json<ReferralBody>(await api(token, 'profile/referral'));
    if (body.data.invited[0]?.state === state) break;
    if (Date.now() - started > 20_000) {
      throw new Error(`The invited family stayed ${JSON.stringify(body.data.invited)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  return openProfile(page);
}

describe('invite a friend', () => {
  it('the friend comes by the copied link, gets 14 days, pays; the inviter gets 30 days', async () => {
    const mother = await registerParent(baseUrl, { label: 'inviter', name: 'Ольга' });
    const friendEmail = uniqueEmail('friend');
    const contexts: BrowserContext[] = [];
    try {
      const { context: motherContext, page: motherPage } = await newPage(browser, baseUrl, DESKTOP);
      contexts.push(motherContext);
      await storeToken(motherContext, mother.token);
      // axe measures colours as shown: a panel still fading in would be measured half transparent.
      await motherPage.emulateMedia({ reducedMotion: 'reduce' });
      await motherContext.grantPermissions(['clipboard-read', 'clipboard-write'], {
        origin: baseUrl,
      });
      // The copy path, whatever this Chromium's build offers: a desktop one may have a share sheet.
      await motherContext.addInitScript(() => {
        Reflect.deleteProperty(Navigator.prototype, 'share');
      });

      // Her own month, paid, so the reward has paid time to follow.
      await payForMonth(motherPage, '5555 5555 5555 5599');
      const paidBefore = await paidUntil(mother.token);

      const panel = await openProfile(motherPage);
      await panel.getByText('Пока никто не пришёл по вашей ссылке.').waitFor();
      expect(await panel.innerText()).toContain(
        'у них будет 14\u00a0дней бесплатных занятий вместо\u00a07, а когда они впервые оплатят занятия, вам добавим 30\u00a0дней подписки',
      );
      await panel.getByRole('button', { name: 'Поделиться' }).click();
      await panel.getByRole('status').getByText('Ссылка скопирована').waitFor();
      const link = await panel.getByLabel('Ваша ссылка').inputValue();
      const served = await json<ReferralBody>(await api(mother.token, 'profile/referral'));
      expect(link).toBe(served.data.link);
      expect(link).toMatch(new RegExp(`^${baseUrl}/\\?ref=[^&\\s]+$`));
      expect(await motherPage.evaluate(() => navigator.clipboard.readText())).toBe(link);
      expect(await seriousViolations(motherPage), 'axe on the empty panel').toEqual([]);
      await screenshot(motherPage, 'referral-empty-1280');

      // The friend opens the link on her phone, in a browser of her own.
      const { context, page } = await newPage(browser, baseUrl, MOBILE);
      contexts.push(context);
      await page.goto(link);
      await registerFriend(page, friendEmail);
      const friendToken = await page.evaluate(() => window.localStorage.getItem('user-token'));
      expect(friendToken).not.toBeNull();
      const token = friendToken ?? '';
      // The registration carried the link's code: the mother sees her friend at once.
      const registered = await json<ReferralBody>(await api(mother.token, 'profile/referral'));
      expect(registered.data.invited.map((family) => family.state)).toEqual(['registered']);
      expect(registered.data.counts).toEqual({ registered: 1, paid: 0, days: 0 });

      await startTrial(page, token);
      const profile = await json<{
        data: { subscription: { is_free: boolean; starts_at: string; ends_at: string } | null };
      }>(await api(token, 'profile/show'));
      const trial = profile.data.subscription;
      expect(trial?.is_free).toBe(true);
      const trialDays =
        (Date.parse(trial?.ends_at ?? '') - Date.parse(trial?.starts_at ?? '')) / DAY_MS;
      expect(trialDays).toBe(14);
      await page.goto('/personal/tariffs');
      await page
        .locator('h1 + p')
        .getByText(`Пробный период до ${formatMoscowDate(trial?.ends_at ?? '')}`)
        .waitFor();
      const current = page.getByRole('region', { name: 'Подписка' });
      await current.getByText('Пробный период', { exact: true }).waitFor();
      await current.getByText('Пробный период на 14\u00a0дней').waitFor();
      await screenshot(page, 'referral-friend-trial-375');

      // Her first paid month, with her own card.
      await payForMonth(page, '2200 0000 0000 0053');

      // The mother's panel: the friend paid, 30 days added, and her paid time is 30 days longer.
      const paid = await waitForState(motherPage, mother.token, 'granted');
      const row = paid.getByRole('listitem');
      expect(await row.count()).toBe(1);
      const rowText = await row.innerText();
      expect(rowText).toContain('Оплатили — вам +30\u00a0дней');
      expect(rowText).toContain(`Пришли ${formatMoscowDate(new Date())}`);
      // Masked: enough to recognise a friend, never the whole address.
      expect(rowText).not.toContain(friendEmail);
      expect(rowText).toMatch(/^fr\*\*\*@/);
      const counts = (await paid.locator('dl').innerText()).replace(/\s+/g, ' ');
      expect(counts).toBe('Пришли по ссылке 1 Оплатили 1 Вам добавлено 30 дней');

      const paidAfter = await paidUntil(mother.token);
      expect(Date.parse(paidAfter) - Date.parse(paidBefore)).toBe(30 * DAY_MS);

      for (const viewport of [DESKTOP, MOBILE]) {
        await motherPage.setViewportSize(viewport);
        await paid.scrollIntoViewIfNeeded();
        expect(
          await seriousViolations(motherPage),
          `axe on the panel at ${viewport.width}`,
        ).toEqual([]);
        await screenshot(motherPage, `referral-panel-${viewport.width}`);
      }

      await motherPage.goto('/personal/tariffs');
      const subscription = motherPage.getByRole('region', { name: 'Подписка' });
      await subscription.getByText(`до ${formatMoscowDate(paidAfter)}`).waitFor();
      await screenshot(motherPage, 'referral-inviter-tariffs-375');
    } finally {
      for (const context of contexts) await context.close();
    }
    // Two registrations, two pages of the bank each way and the trial: the longest journey of its kind.
  }, 180_000);
});
