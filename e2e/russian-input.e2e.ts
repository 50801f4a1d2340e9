// Russian input as Russians type it, on a phone (375 px): an address on a Cyrillic domain from sign-up to
// the profile, a child called «Зайка 🐰» with the birth date typed as дд.мм.гггг, and phone numbers that
// never break between «+7» and the next group.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { MOBILE, launchBrowser, withPage } from './support/browser';
import { followMailLink, waitForMail } from './support/accounts';

const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

/** YYYY-MM-DD → the digits a parent types for it, ддммгггг: four years and ten days ago in Moscow. */
function birthDigitsFourYearsAgo(): { digits: string; shown: string } {
  const moscow = new Date(Date.now() + 3 * 60 * 60 * 1000);
  const date = new Date(
    Date.UTC(moscow.getUTCFullYear() - 4, moscow.getUTCMonth(), moscow.getUTCDate() - 10),
  );
  const [year, month, day] = date.toISOString().slice(0, 10).split('-') as [string, string, string];
  return { digits: `${day}${month}${year}`, shown: `${day}.${month}.${year}` };
}

async function openRegistration(page: Page): Promise<Locator> {
  await page.goto('/');
  const inBanner = page.getByRole('banner').getByRole('button', { name: 'Регистрация' });
  if (await inBanner.isVisible()) {
    await inBanner.click();
  } else {
    await page.getByRole('button', { name: 'Открыть меню' }).click();
    await page.getByRole('button', { name: 'Регистрация' }).last().click();
  }
  const dialog = page.getByRole('dialog', { name: 'Регистрация' });
  await dialog.waitFor();
  return dialog;
}

/**
 * Where, as the text around them narrows from 360 px to 80 px, «+7» and the group after it land on
 * different lines; [] when they never part. Also how many «+7» were looked at, so that the check cannot
 * pass on a text without any.
 */
async function plusSevenBreaks(text: Locator): Promise<{ checked: number; broken: string[] }> {
  return text.evaluate((element) => {
    const box = element as HTMLElement;
    const saved = box.getAttribute('style');
    const walker = document.createTreeWalker(box, NodeFilter.SHOW_TEXT);
    const found: { node: Text; at: number }[] = [];
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const value = node.nodeValue ?? '';
      for (let at = value.indexOf('+7'); at >= 0; at = value.indexOf('+7', at + 1)) {
        found.push({ node: node as Text, at });
      }
    }
    const top = (node: Text, start: number, end: number) => {
      const range = document.createRange();
      range.setStart(node, start);
      range.setEnd(node, Math.min(end, node.length));
      return range.getClientRects()[0]?.top ?? Number.NaN;
    };
    const broken: string[] = [];
    box.style.display = 'block';
    for (let width = 360; width >= 80; width -= 2) {
      box.style.width = `${width}px`;
      for (const { node, at } of found) {
        // «+7», one separator, then the next group: 9XX, 912 or (999).
        if (top(node, at, at + 2) !== top(node, at + 3, at + 6)) {
          broken.push(`${width}px: «${(node.nodeValue ?? '').slice(at, at + 8)}»`);
        }
      }
    }
    if (saved === null) box.removeAttribute('style');
    else box.setAttribute('style', saved);
    return { checked: found.length, broken };
  });
}

describe('Russian input at 375 px', () => {
  it('an address on почта.рф from sign-up to the profile, a child «Зайка 🐰» born дд.мм.гггг, phones unbroken', async () => {
    const local = `оля-${Date.now().toString(36)}`;
    const typed = `${local}@ПОЧТА.РФ`;
    const shown = `${local}@почта.рф`;
    const stored = `${local}@xn--80a1acny.xn--p1ai`;
    const password = 'umnyashki-2026';

    await withPage(
      browser,
      baseUrl,
      async (page) => {
        // Sign-up, the one registration of this file (they are limited per address).
        const dialog = await openRegistration(page);
        await dialog.getByLabel('Имя').fill('Ольга');
        await dialog.getByLabel('Электронная почта').fill(typed);
        await dialog.getByLabel('Пароль', { exact: true }).fill(password);
        await dialog
          .getByRole('checkbox', { name: 'Даю согласие на обработку моих персональных данных' })
          .check();
        await dialog.getByRole('button', { name: 'Зарегистрироваться' }).click();
        const welcome = page.getByRole('dialog', { name: 'Добро пожаловать, Ольга!' });
        await welcome.waitFor();
        await welcome.getByText(shown).waitFor();
        await welcome.getByRole('button', { name: 'Закрыть' }).click();
        await welcome.waitFor({ state: 'detached' });

        // The confirmation letter went to the punycode domain, and the personal area names the address
        // in Cyrillic: the reminder banner and the profile.
        const letter = await waitForMail(baseUrl, stored, 'Подтвердите адрес почты');
        expect(letter.to).toBe(stored);
        await page.goto('/personal/profile');
        await page.getByRole('region', { name: 'Личные данные' }).waitFor();
        await page.getByText(`Мы отправили письмо со ссылкой на ${shown}`).waitFor();
        expect(await page.getByText(shown, { exact: true }).first().isVisible()).toBe(true);
        expect(await page.getByText('xn--').count()).toBe(0);

        // The mail sandbox shows the letter; its link confirms the address.
        await followMailLink(page, baseUrl, {
          to: stored,
          subject: 'Подтвердите адрес почты',
          linkPart: '/confirmed?verified_token=',
        });
        const confirmed = page.getByRole('dialog', { name: 'Почта подтверждена' });
        await confirmed.waitFor();
        await confirmed.getByRole('button', { name: 'Отлично' }).click();

        // Phones: «+7» never ends a line, neither in the refusal nor in the saved number.
        await page.goto('/personal/profile');
        const personal = page.getByRole('region', { name: 'Личные данные' });
        await personal.waitFor();
        await page.getByText(shown, { exact: true }).first().waitFor();
        const phone = personal.getByLabel('Телефон');
        await phone.fill('12345');
        await personal.getByRole('button', { name: 'Сохранить' }).click();
        const refusal = personal.getByText('Введите российский мобильный номер');
        await refusal.waitFor();
        expect(await plusSevenBreaks(refusal)).toEqual({ checked: 1, broken: [] });

        await phone.fill('8 912 345 67 89');
        await personal.getByRole('button', { name: 'Сохранить' }).click();
        await page.getByText('Данные сохранены').waitFor();
        // Shown back grouped as it is read, the groups joined by non-breaking spaces.
        expect(await phone.inputValue()).toBe('+7\u00a0912\u00a0345-67-89');

        // A child with an emoji in the name; the birth date typed digit by digit, the dots come by
        // themselves.
        await page.goto('/personal/students');
        await page.getByRole('heading', { name: 'Добавьте ребёнка' }).waitFor();
        await page.getByRole('button', { name: 'Добавить ребёнка' }).click();
        const add = page.getByRole('dialog', { name: 'Добавить ребёнка' });
        await add.waitFor();
        await add.getByLabel('Имя или никнейм').fill('Зайка 🐰');
        const date = add.getByLabel('Дата рождения');
        expect(await date.getAttribute('placeholder')).toBe('дд.мм.гггг');
        expect(await date.getAttribute('inputmode')).toBe('numeric');
        const birth = birthDigitsFourYearsAgo();
        await date.click();
        await date.pressSequentially(birth.digits, { delay: 20 });
        expect(await date.inputValue()).toBe(birth.shown);
        await add.getByText('Сейчас 4 года.').waitFor();
        await add.getByRole('button', { name: 'Добавить ребёнка' }).click();
        await add.waitFor({ state: 'detached' });
        const card = page
          .getByRole('listitem')
          .filter({ has: page.getByRole('heading', { name: 'Зайка 🐰' }) });
        await card.waitFor();
        expect(await card.getByText(/^4\s+года/).isVisible()).toBe(true);
      },
      { viewport: MOBILE },
    );
  });
});
