// The grown-ups of a family: a mother invites the grandmother from «Профиль»; the grandmother opens the
// mailed link as a guest, registers, accepts, and plays the child's lesson on /video; she sees no tariffs,
// no adding or deleting children; the mother removes her and her access ends at once. At 375 and 1280 px,
// with axe.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { DESKTOP, MOBILE, launchBrowser, newPage } from './support/browser';
import { registerParent, storeToken, uniqueEmail, waitForMail } from './support/accounts';
import { seriousViolations } from './support/axe';
import { apiAs, screenshot } from './support/journey';

const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

const api = apiAs(baseUrl);

function birthDate(years: number): string {
  const date = new Date();
  date.setFullYear(date.getFullYear() - years, date.getMonth() - 2);
  return date.toISOString().slice(0, 10);
}

/** A mother with a four-year-old on the free week. */
async function motherWithTrial() {
  const mother = await registerParent(baseUrl, { label: 'mother', name: 'Ольга' });
  expect(
    (await api(mother.token, 'profile/child/store', { name: 'Маша', birth_date: birthDate(4) }))
      .status,
  ).toBe(201);
  const tariffs = (await (await api(mother.token, 'store/web/subscriptions?page=1')).json()) as {
    data: { id: number; is_free: boolean }[];
  };
  const trial = tariffs.data.find((t) => t.is_free);
  const started = await api(mother.token, 'store/subscription/activate', {
    subscription_id: trial?.id,
  });
  expect(started.status).toBe(201);
  return mother;
}

describe('a grandmother invited into the family', () => {
  it('joins through the mailed link, plays the lesson, and loses access when removed', async () => {
    const mother = await motherWithTrial();
    const grandmaEmail = uniqueEmail('grandma');

    // The mother invites from «Профиль».
    const { context: motherContext, page: motherPage } = await newPage(browser, baseUrl, DESKTOP);
    await storeToken(motherContext, mother.token);
    await motherPage.goto('/personal/profile');
    const family = motherPage.getByRole('region', { name: 'Близкие' });
    await family.getByLabel('Почта близкого').fill(grandmaEmail);
    await family.getByRole('button', { name: 'Пригласить' }).click();
    await family.getByText('Приглашение отправлено на').waitFor();
    await family.getByText('Приглашение отправлено', { exact: true }).waitFor();
    expect(await seriousViolations(motherPage), 'axe on the family panel').toEqual([]);
    await screenshot(motherPage, 'caregivers-invited-1280');

    const letter = await waitForMail(baseUrl, grandmaEmail, 'Ольга приглашает вас в Школу Умняшек');
    const link = letter.links.find((href) => href.includes('/family-invite?token='));
    expect(link).toBeDefined();

    // The grandmother, a guest on her phone, opens the link and registers.
    const { context, page } = await newPage(browser, baseUrl, MOBILE);
    try {
      await page.goto(link ?? '');
      const invitation = page.getByRole('dialog', { name: 'Приглашение в семью' });
      await invitation.waitFor();
      // The link's secret leaves the address bar at once.
      expect(new URL(page.url()).search).toBe('');
      expect(await seriousViolations(page), 'axe on the invitation').toEqual([]);
      await screenshot(page, 'caregivers-guest-375');
      await invitation.getByRole('button', { name: 'Зарегистрироваться' }).click();
      const register = page.getByRole('dialog', { name: 'Регистрация' });
      await register.getByLabel('Имя').fill('Галина');
      await register.getByLabel('Электронная почта').fill(grandmaEmail);
      await register.getByLabel('Пароль', { exact: true }).fill('babushka-2026');
      await register
        .getByRole('checkbox', { name: 'Даю согласие на обработку моих персональных данных' })
        .check();
      await register.getByRole('button', { name: 'Зарегистрироваться' }).click();
      const welcome = page.getByRole('dialog', { name: 'Добро пожаловать, Галина!' });
      await welcome.getByRole('button', { name: 'Закрыть' }).click();

      // Signed in, the invitation comes back to be accepted.
      const accept = page.getByRole('dialog', { name: 'Приглашение в семью' });
      await accept.getByRole('button', { name: 'Принять приглашение' }).click();
      const joined = page.getByRole('dialog', { name: 'Вы в семье' });
      await joined.getByText('Ольга').waitFor();
      await screenshot(page, 'caregivers-joined-375');
      await joined.getByRole('button', { name: 'К урокам' }).click();
      await page.waitForURL('**/video');
      await page.getByRole('heading', { name: 'Видео-уроки', level: 1 }).waitFor();
      const select = page.getByRole('dialog', { name: 'Кто будет смотреть?' });
      await select.getByRole('button', { name: /Маша/ }).click();
      await select.waitFor({ state: 'detached' });
      await page.getByText('Смотрит Маша').waitFor();
      await screenshot(page, 'caregivers-video-375');

      // The child's first lesson plays for her.
      const cards = page.locator('article');
      await cards.first().getByRole('button').first().click();
      await page.getByRole('button', { name: /Смотреть урок/ }).click();
      await page.waitForFunction(
        () => (document.querySelector('video')?.currentTime ?? 0) > 1,
        null,
        { timeout: 30_000 },
      );

      // The personal area offers her no buying and no adding or deleting children.
      for (const viewport of [MOBILE, DESKTOP]) {
        await page.setViewportSize(viewport);
        await page.goto('/personal/students');
        // The children are drawn from the profile: the tabs follow the same answer.
        await page.getByRole('heading', { name: 'Маша' }).waitFor();
        const tabs = page.getByRole('navigation', { name: 'Разделы личного кабинета' });
        expect(await tabs.getByRole('link').allInnerTexts()).toEqual([
          'Профиль',
          'Ученики',
          'Успехи',
          'Помощь',
        ]);
        expect(await page.getByRole('button', { name: /Добавить ребёнка/ }).count()).toBe(0);
        expect(await page.getByRole('button', { name: 'Удалить: Маша' }).count()).toBe(0);
        expect(await page.getByRole('button', { name: 'Экранное время: Маша' }).count()).toBe(1);
        expect(await seriousViolations(page), 'axe on a caregiver’s students').toEqual([]);
        await screenshot(page, `caregivers-students-${viewport.width}`);

        await page.goto('/personal/tariffs');
        await page.getByRole('heading', { name: 'Покупки — у родителя' }).waitFor();
        await screenshot(page, `caregivers-tariffs-${viewport.width}`);

        await page.goto('/personal/profile');
        await page.getByRole('region', { name: 'Семья' }).getByText('Ольга').waitFor();
        expect(await page.getByRole('button', { name: 'Удалить всех детей' }).count()).toBe(0);
        expect(await seriousViolations(page), 'axe on a caregiver’s profile').toEqual([]);
        await screenshot(page, `caregivers-profile-${viewport.width}`);
      }

      // The mother sees her in the family and removes her.
      await motherPage.reload();
      const row = family.getByRole('listitem').filter({ hasText: 'Галина' });
      await row.getByText('В семье', { exact: true }).waitFor();
      await screenshot(motherPage, 'caregivers-accepted-1280');
      await row.getByRole('button', { name: 'Убрать' }).click();
      const confirm = motherPage.getByRole('dialog', { name: 'Убрать Галина из семьи?' });
      await confirm.getByRole('button', { name: 'Убрать' }).click();
      await family
        .getByRole('listitem')
        .filter({ hasText: 'Галина' })
        .waitFor({ state: 'detached' });

      // Her next page has no children of the family.
      await page.goto('/personal/students');
      await page.getByRole('heading', { name: 'Добавьте ребёнка' }).waitFor();
      expect(await page.getByRole('heading', { name: 'Маша' }).count()).toBe(0);
    } finally {
      await context.close();
      await motherContext.close();
    }
  });
});
