// Support through the browser: a guest writes from the FAQ and the request reaches the support inbox
// (replying answers the guest); a parent must confirm the address first, then writes from the help section.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { DESKTOP, MOBILE, launchBrowser, withPage } from './support/browser';
import {
  followMailLink,
  registerParent,
  storeToken,
  uniqueEmail,
  waitForMail,
} from './support/accounts';

const baseUrl = inject('baseUrl');
let browser: Browser;
let supportEmail = '';

beforeAll(async () => {
  browser = await launchBrowser();
  const config = (await (await fetch(`${baseUrl}/api/public-config`)).json()) as {
    data: { support_email: string };
  };
  supportEmail = config.data.support_email;
});
afterAll(async () => {
  await browser.close();
});

describe('support', () => {
  it('a guest writes from the FAQ, and the request reaches the support inbox', async () => {
    const email = uniqueEmail('support-guest');
    await withPage(
      browser,
      baseUrl,
      async (page) => {
        await page.goto('/faq');
        await page.getByRole('button', { name: 'Написать в поддержку' }).click();
        const dialog = page.getByRole('dialog', { name: 'Служба поддержки' });
        await dialog.getByLabel('Как к вам обращаться').fill('Марина');
        await dialog.getByLabel('Электронная почта').fill(email);
        await dialog.getByLabel('Ваш вопрос').fill('Коротко');
        await dialog.getByRole('button', { name: 'Отправить' }).click();
        await dialog.getByText('Опишите вопрос чуть подробнее — хотя бы 10 символов').waitFor();
        await dialog
          .getByLabel('Ваш вопрос')
          .fill('Сын не может найти урок про осенние листья.\nГде он?');
        await dialog.getByRole('button', { name: 'Отправить' }).click();

        const done = page.getByRole('dialog', { name: 'Сообщение отправлено' });
        const text = await done.getByText(/^Обращение №\s\d+ у\sнас/).innerText();
        const number = /№\s(\d+)/.exec(text)?.[1] ?? '';
        expect(text).toContain(email);

        const inbox = await waitForMail(
          baseUrl,
          supportEmail,
          `Обращение №\u00a0${number}: Марина`,
        );
        const full = (await (
          await fetch(`${baseUrl}/sandbox/mail/api/messages?to=${encodeURIComponent(supportEmail)}`)
        ).json()) as { data: { id: number; text: string; headers: Record<string, string> }[] };
        const copy = full.data.find((m) => m.id === inbox.id);
        expect(copy?.text).toContain('Сын не может найти урок про осенние листья.');
        expect(copy?.headers['Reply-To']).toBe(email);
        await waitForMail(baseUrl, email, `Мы получили ваше обращение №\u00a0${number}`);
      },
      { viewport: MOBILE },
    );
  });

  it('a parent confirms the address first, then writes from the help section', async () => {
    const parent = await registerParent(baseUrl, { label: 'support-parent', name: 'Олег' });
    await withPage(
      browser,
      baseUrl,
      async (page, context) => {
        await storeToken(context, parent.token);
        await page.goto('/personal/help/support');
        await page.getByLabel('Ваш вопрос').fill('Как поменять программу ребёнку на другую?');
        await page.getByRole('button', { name: 'Отправить', exact: true }).click();
        await page.getByRole('dialog', { name: 'Подтвердите почту' }).waitFor();

        await followMailLink(page, baseUrl, {
          to: parent.email,
          subject: 'Подтвердите адрес почты',
          linkPart: '/confirmed?verified_token=',
        });
        await page.getByRole('dialog', { name: 'Почта подтверждена' }).waitFor();

        await page.goto('/personal/help/support');
        expect(await page.getByText(/^Ответ придёт на/).innerText()).toContain(parent.email);
        expect(await page.getByLabel('Как к вам обращаться').inputValue()).toBe('Олег');
        await page.getByLabel('Ваш вопрос').fill('Как поменять программу ребёнку на другую?');
        await page.getByRole('button', { name: 'Отправить', exact: true }).click();
        const sentTitle = page.getByRole('heading', { name: 'Сообщение отправлено' });
        await sentTitle.waitFor();
        // The answer takes the focus: the button pressed is gone.
        expect(await sentTitle.evaluate((node) => node === document.activeElement)).toBe(true);
        const text = await page.getByText(/^Обращение №\s\d+ у\sнас/).innerText();
        const number = /№\s(\d+)/.exec(text)?.[1] ?? '';
        await waitForMail(baseUrl, supportEmail, `Обращение №\u00a0${number}: Олег`);
      },
      { viewport: DESKTOP },
    );
  });
});
