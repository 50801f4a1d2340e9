// Issue 3, item 11: the personal area of a fresh parent — the phone in the profile on a laptop and on a
// phone, and a child added, renamed and removed at 375 px.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { DESKTOP, MOBILE, launchBrowser, withPage, type Viewport } from './support/browser';
import { registerParent, storeToken } from './support/accounts';

const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

const PHONE_INVALID = 'Введите российский мобильный номер: +7 9XX XXX-XX-XX';

// Stored as +79123456789; shown grouped as it is read aloud, with non-breaking spaces.
const SHOWN_PHONE = '+7\u00a0912\u00a0345-67-89';

async function personalData(page: Page): Promise<Locator> {
  await page.goto('/personal/profile');
  const section = page.getByRole('region', { name: 'Личные данные' });
  await section.waitFor();
  return section;
}

describe('profile phone', () => {
  it.each<[string, Viewport]>([
    ['1280', DESKTOP],
    ['375', MOBILE],
  ])(
    'at %s px: a good phone is saved and shown as +7 912 345-67-89, a bad one is refused and not saved',
    async (_, viewport) => {
      const parent = await registerParent(baseUrl, { label: `phone-${viewport.width}` });
      await withPage(
        browser,
        baseUrl,
        async (page, context) => {
          await storeToken(context, parent.token);
          let section = await personalData(page);
          let phone = section.getByLabel('Телефон');
          expect(await phone.inputValue()).toBe('');

          await phone.fill('8 (912) 345-67-89');
          await section.getByRole('button', { name: 'Сохранить' }).click();
          await page.getByText('Данные сохранены').waitFor();
          expect(await phone.inputValue()).toBe(SHOWN_PHONE);

          await page.reload();
          section = page.getByRole('region', { name: 'Личные данные' });
          phone = section.getByLabel('Телефон');
          await section.getByRole('button', { name: 'Сохранить' }).waitFor();
          expect(await phone.inputValue()).toBe(SHOWN_PHONE);

          await phone.fill('12345');
          await section.getByRole('button', { name: 'Сохранить' }).click();
          await section.getByText(PHONE_INVALID).waitFor();
          expect(await phone.getAttribute('aria-invalid')).toBe('true');

          // Nothing was saved: after a reload the number is the old one.
          await page.reload();
          section = page.getByRole('region', { name: 'Личные данные' });
          phone = section.getByLabel('Телефон');
          await section.getByRole('button', { name: 'Сохранить' }).waitFor();
          expect(await phone.inputValue()).toBe(SHOWN_PHONE);
        },
        { viewport },
      );
    },
  );
});

// «4 года · группа 4–5 лет»; the number and the word are joined by a non-breaking space.
const AGE_FOUR = /^4\s+года(\s|$)/;

/** YYYY-MM-DD of a day a little over four years ago on the Moscow calendar (the server's). */
function birthDateFourYearsAgo(): string {
  const moscow = new Date(Date.now() + 3 * 60 * 60 * 1000);
  const date = new Date(
    Date.UTC(moscow.getUTCFullYear() - 4, moscow.getUTCMonth(), moscow.getUTCDate() - 10),
  );
  return date.toISOString().slice(0, 10);
}

describe('children at 375 px', () => {
  it('adds a child, renames, deletes after confirmation; no second child without a free place', async () => {
    const parent = await registerParent(baseUrl, { label: 'children' });
    await withPage(
      browser,
      baseUrl,
      async (page, context) => {
        await storeToken(context, parent.token);
        await page.goto('/personal/students');
        await page.getByRole('heading', { name: 'Добавьте ребёнка' }).waitFor();
        await page.getByRole('button', { name: 'Добавить ребёнка' }).click();

        let dialog = page.getByRole('dialog', { name: 'Добавить ребёнка' });
        await dialog.waitFor();
        await dialog.getByLabel('Имя или никнейм').fill('Маша');
        await dialog.getByLabel('Дата рождения').fill(birthDateFourYearsAgo());
        await dialog.getByText('Сейчас 4 года.').waitFor();
        await dialog.getByRole('button', { name: 'Добавить ребёнка' }).click();
        await dialog.waitFor({ state: 'detached' });

        const card = (name: string) =>
          page.getByRole('listitem').filter({ has: page.getByRole('heading', { name }) });
        await card('Маша').waitFor();
        expect(await card('Маша').getByText(AGE_FOUR).isVisible()).toBe(true);

        await card('Маша').getByRole('button', { name: 'Изменить: Маша' }).click();
        dialog = page.getByRole('dialog', { name: 'Профиль ребёнка' });
        await dialog.waitFor();
        expect(await dialog.getByLabel('Имя или никнейм').inputValue()).toBe('Маша');
        await dialog.getByLabel('Имя или никнейм').fill('Мария');
        await dialog.getByRole('button', { name: 'Сохранить' }).click();
        await dialog.waitFor({ state: 'detached' });
        await card('Мария').waitFor();
        expect(await card('Маша').count()).toBe(0);
        expect(await card('Мария').getByText(AGE_FOUR).isVisible()).toBe(true);

        await card('Мария').getByRole('button', { name: 'Удалить: Мария' }).click();
        const confirm = page.getByRole('dialog', { name: 'Удалить профиль «Мария»?' });
        await confirm.waitFor();
        await confirm.getByRole('button', { name: 'Удалить' }).click();
        await confirm.waitFor({ state: 'detached' });
        await card('Мария').waitFor({ state: 'detached' });
        await page.getByRole('heading', { name: 'Добавьте ребёнка' }).waitFor();

        // One child per family until tariffs bring more places: a second one gets the no-slot modal.
        await page.getByRole('button', { name: 'Добавить ребёнка' }).click();
        dialog = page.getByRole('dialog', { name: 'Добавить ребёнка' });
        await dialog.getByLabel('Имя или никнейм').fill('Петя');
        await dialog.getByLabel('Дата рождения').fill(birthDateFourYearsAgo());
        await dialog.getByRole('button', { name: 'Добавить ребёнка' }).click();
        await dialog.waitFor({ state: 'detached' });
        await card('Петя').waitFor();

        await page.getByRole('button', { name: 'Добавить ребёнка' }).click();
        const noSlot = page.getByRole('dialog', { name: 'Место для ещё одного ученика' });
        await noSlot.waitFor();
        expect(await noSlot.getByRole('link', { name: 'Выбрать тариф' }).isVisible()).toBe(true);
        expect(await page.getByRole('dialog', { name: 'Добавить ребёнка' }).count()).toBe(0);
      },
      { viewport: MOBILE },
    );
  });
});
