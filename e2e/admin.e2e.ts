// The back office through the browser: the administrator signs in at /admin, writes a campaign and sends it
// to a category; the parent gets it, leaves the category from the mail's link (the page honours it at
// once, no login) and a mail provider's one-click POST, without cookies, is answered 200. Support answers
// a guest's request from /admin and the answer reaches the guest's mailbox.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { DESKTOP, MOBILE, launchBrowser, withPage } from './support/browser';
import { registerParent, uniqueEmail, waitForMail } from './support/accounts';
import { seriousViolations } from './support/axe';
import { signInToAdmin } from './support/back-office';

const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

/** A parent who agreed to mailings and confirmed the address: a campaign's recipient. */
async function subscribedParent(label: string) {
  const parent = await registerParent(baseUrl, { label, consentMailing: true });
  const mail = await waitForMail(baseUrl, parent.email, 'Подтвердите адрес почты');
  const link = mail.links.find((href) => href.includes('verified_token='));
  if (!link) throw new Error('no confirmation link');
  const token = new URL(link).searchParams.get('verified_token') ?? '';
  const res = await fetch(
    `${baseUrl}/api/auth/register/verification?verified_token=${encodeURIComponent(token)}`,
  );
  expect(res.status).toBe(200);
  return parent;
}

describe('the back office', () => {
  it('sends a campaign that a parent leaves in one click from the mail', async () => {
    const parent = await subscribedParent('campaign');
    const subject = `Зимние уроки ${Date.now().toString(36)}`;

    await withPage(
      browser,
      baseUrl,
      async (page) => {
        await signInToAdmin(page);
        await page.getByRole('menuitem', { name: 'Кампании' }).click();
        await page.getByRole('link', { name: 'Создать' }).click();
        await page.getByLabel('Рассылка').click();
        await page.getByRole('option', { name: 'Новости школы' }).click();
        await page.getByLabel('Тема письма').fill(subject);
        await page
          .getByLabel('Текст письма')
          .fill('Мы добавили новые уроки про зиму.\n\nСмотрите их вместе с ребёнком.');
        await page.getByRole('button', { name: 'Сохранить' }).click();
        await page.getByRole('button', { name: 'Отправить' }).click();
        const confirm = page.getByRole('dialog', { name: 'Отправить рассылку?' });
        await expect.poll(() => confirm.textContent()).toMatch(/Получателей сейчас: \d+\./);
        await confirm.getByRole('button', { name: 'Отправить' }).click();
        await page.getByText('Рассылка поставлена в очередь').waitFor();
      },
      { viewport: DESKTOP },
    );

    const mail = await waitForMail(baseUrl, parent.email, subject, 30_000);
    const link = mail.links.find((href) => href.includes('/unsubscribe?token='));
    if (!link) throw new Error('the campaign has no unsubscribe link');

    await withPage(
      browser,
      baseUrl,
      async (page) => {
        await page.goto(link);
        await page.getByText('Вы отписались от рассылки «Новости школы»').waitFor();
        const news = page.getByRole('switch', { name: 'Новости школы' });
        expect(await news.isChecked()).toBe(false);
        expect(await page.getByRole('switch', { name: 'Советы родителям' }).isChecked()).toBe(true);
        expect(await seriousViolations(page)).toEqual([]);
      },
      { viewport: MOBILE },
    );

    // A mail provider's one-click unsubscribe (RFC 8058): a POST with no cookies and no login.
    const oneClick = await fetch(link, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
      redirect: 'manual',
    });
    expect(oneClick.status).toBe(200);
    expect(oneClick.headers.get('set-cookie')).toBeNull();

    const state = await fetch(`${baseUrl}/api/profile/unsubscribe-for-mailing`, {
      headers: { authorization: `Bearer ${parent.token}` },
    });
    const body = (await state.json()) as {
      data: { categories: { slug: string; subscribed: boolean }[] };
    };
    expect(body.data.categories.find((c) => c.slug === 'news')?.subscribed).toBe(false);
  });

  it('answers a guest’s support request, and the answer reaches the guest', async () => {
    const email = uniqueEmail('admin-support');
    const sent = await fetch(`${baseUrl}/api/user-support`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        name: 'Светлана',
        email,
        message: 'Здравствуйте! Не открывается урок про осень.',
      }),
    });
    expect(sent.status).toBe(201);
    const number = ((await sent.json()) as { data: { id: number } }).data.id;

    await withPage(browser, baseUrl, async (page) => {
      await signInToAdmin(page);
      await page.getByRole('menuitem', { name: 'Обращения' }).click();
      await page.getByRole('cell', { name: email }).click();
      await page.getByText('Не открывается урок про осень.').waitFor();
      await page
        .getByLabel(`Ответ для ${email}`)
        .fill('Здравствуйте, Светлана! Обновите страницу — урок откроется.');
      await page.getByRole('button', { name: 'Отправить ответ' }).click();
      await page.getByText(`Ответ отправлен на ${email}`).waitFor();
    });

    const answer = await waitForMail(baseUrl, email, `Ответ на обращение №\u00a0${number}`);
    expect(answer.to).toBe(email);
  });

  it('an editor changes a landing text, the footer and a page, and sees them on the site; a script in the footer does not run', async () => {
    const stamp = Date.now().toString(36);
    const description = `Учимся играя — проверка ${stamp}`;
    const teamTitle = `Наша команда ${stamp}`;
    let token = '';
    const original = { landing: '', page: '' };
    try {
      await withPage(browser, baseUrl, async (page) => {
        await signInToAdmin(page);
        token = await page.evaluate(() => window.localStorage.getItem('admin-token') ?? '');
        const headers = { authorization: `Bearer ${token}` };
        const landings = (await (
          await fetch(`${baseUrl}/api/admin/landing`, { headers })
        ).json()) as {
          data: { id: number; key: string }[];
        };
        const landingId = landings.data.find((l) => l.key === 'landing')?.id;
        original.landing = JSON.stringify(
          (
            (await (
              await fetch(`${baseUrl}/api/admin/landing/${landingId}`, { headers })
            ).json()) as {
              data: unknown;
            }
          ).data,
        );

        await page.getByRole('menuitem', { name: 'Тексты главной' }).click();
        await page.getByRole('cell', { name: 'Главная страница' }).click();
        await page.getByLabel('Описание баннера').fill(description);
        const footer = page.getByLabel('Значение').first();
        const footerHtml = await footer.inputValue();
        await footer.fill(
          `${footerHtml}<p id="footer-check">Подвал ${stamp}</p>` +
            '<script>window.__footerScript = 1</script>' +
            '<img src="/favicon.svg" onerror="window.__footerScript = 2" onload="window.__footerScript = 3">',
        );
        await page.getByRole('button', { name: 'Сохранить' }).click();
        await page.getByRole('cell', { name: 'Главная страница' }).waitFor();

        const pages = (await (await fetch(`${baseUrl}/api/admin/pages`, { headers })).json()) as {
          data: { id: number; slug: string; title: string }[];
        };
        const team = pages.data.find((p) => p.slug === 'team');
        original.page = JSON.stringify(team);
        await page.getByRole('menuitem', { name: 'Страницы' }).click();
        await page.getByRole('cell', { name: team?.title ?? 'Команда' }).click();
        await page.getByRole('textbox', { name: 'Заголовок' }).fill(teamTitle);
        await page.getByRole('button', { name: 'Сохранить' }).click();
        await page.getByRole('cell', { name: teamTitle }).waitFor();
      });

      await withPage(
        browser,
        baseUrl,
        async (page) => {
          await page.goto('/');
          await page.getByText(description).waitFor();
          await page.locator('#footer-check').waitFor();
          expect(await page.locator('footer script').count()).toBe(0);
          expect(
            await page.evaluate(() => (window as { __footerScript?: number }).__footerScript),
          ).toBeUndefined();
          await page.goto('/about/team');
          await page.getByRole('heading', { name: teamTitle }).waitFor();
        },
        { viewport: MOBILE },
      );
    } finally {
      // The other journeys share this server: its texts go back as they were.
      const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
      if (original.landing) {
        const {
          id,
          key: _key,
          updated_at: _at,
          ...body
        } = JSON.parse(original.landing) as {
          id: number;
          key: string;
          updated_at: string;
        };
        await fetch(`${baseUrl}/api/admin/landing/${id}`, {
          method: 'PUT',
          headers,
          body: JSON.stringify(body),
        });
      }
      if (original.page) {
        const team = JSON.parse(original.page) as {
          id: number;
          title: string;
          body_html: string;
          version: string;
        };
        await fetch(`${baseUrl}/api/admin/pages/${team.id}`, {
          method: 'PUT',
          headers,
          body: JSON.stringify({
            title: team.title,
            body_html: team.body_html,
            version: team.version,
          }),
        });
      }
    }
  });

  it('finds a parent, closes their sign-in, and their session ends at once', async () => {
    const parent = await registerParent(baseUrl, { label: 'blocked' });
    await withPage(browser, baseUrl, async (page) => {
      await signInToAdmin(page);
      await page.getByRole('menuitem', { name: 'Аккаунты' }).click();
      await page.getByPlaceholder('Почта, имя, фамилия, телефон').fill(parent.email);
      await page.getByRole('cell', { name: parent.email }).click();
      await page.getByRole('button', { name: 'Закрыть вход' }).click();
      const confirm = page.getByRole('dialog', { name: 'Закрыть вход в аккаунт?' });
      await confirm.getByRole('button', { name: 'Закрыть вход' }).click();
      await page.getByText('Вход закрыт', { exact: true }).first().waitFor();
      await page.getByRole('button', { name: 'Открыть вход' }).waitFor();
    });
    const profile = await fetch(`${baseUrl}/api/profile/show`, {
      headers: { authorization: `Bearer ${parent.token}` },
    });
    expect(profile.status).toBe(401);
  });

  it('refuses a parent at the back office sign-in', async () => {
    await withPage(browser, baseUrl, async (page) => {
      await page.goto('/admin/');
      await page.getByLabel('Почта').fill('demo@umnyashki.ru');
      await page.getByLabel('Пароль').fill('umnyashki-demo');
      await page.getByRole('button', { name: 'Войти' }).click();
      await page.getByText('Неверный адрес электронной почты или пароль').waitFor();
    });
  });
});

describe('the shop’s prices', () => {
  it('the administrator changes a tariff’s price in /admin and a parent’s store shows it', async () => {
    let token = '';
    let original: Record<string, unknown> | null = null;
    try {
      await withPage(
        browser,
        baseUrl,
        async (page) => {
          await signInToAdmin(page);
          token = await page.evaluate(() => window.localStorage.getItem('admin-token') ?? '');
          await page.getByRole('menuitem', { name: 'Тарифы' }).click();
          await page.getByRole('cell', { name: /^Подписка на 12\s+месяцев$/ }).click();
          const id = /\/tariffs\/(\d+)/.exec(page.url())?.[1];
          const res = await fetch(`${baseUrl}/api/admin/tariffs/${id}`, {
            headers: { authorization: `Bearer ${token}` },
          });
          original = ((await res.json()) as { data: Record<string, unknown> }).data;
          await page.getByLabel('Цена, ₽').fill('7777');
          await page.getByRole('button', { name: 'Сохранить' }).click();
          await page.getByRole('cell', { name: /^7\s777\s₽$/ }).waitFor();
        },
        { viewport: DESKTOP },
      );

      const parent = await registerParent(baseUrl, { label: 'prices' });
      await withPage(
        browser,
        baseUrl,
        async (page, context) => {
          await context.addInitScript((stored: string) => {
            window.localStorage.setItem('user-token', stored);
          }, parent.token);
          await page.goto('/personal/tariffs');
          const year = page.getByRole('radio', { name: /^12\s+месяцев/ }).first();
          await year.waitFor({ state: 'attached' });
          const card = page.locator('label', { has: year });
          await expect.poll(() => card.innerText()).toMatch(/7\s777\s₽ за 12\s+месяцев/);
        },
        { viewport: MOBILE },
      );
    } finally {
      // The other journeys share this server: the price goes back as it was.
      if (original && token) {
        await fetch(`${baseUrl}/api/admin/tariffs/${String((original as { id: number }).id)}`, {
          method: 'PUT',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify(original),
        });
      }
    }
  });
});
