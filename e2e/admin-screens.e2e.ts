// The back office as staff see it on a phone and a desktop: the campaign page fits 375 px and lists its
// letters with addresses as people write them, the menu's long section names are read whole, and the audit
// log speaks Russian — field names, roubles, names instead of ids; a family's card previews its weekly
// letter and sends it now.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { DESKTOP, MOBILE, launchBrowser, withPage } from './support/browser';
import { waitForMail } from './support/accounts';
import {
  adminToken,
  campaignToLongCyrillicAddress,
  storedAddress,
  type CampaignLetter,
} from './support/campaign';
import { seriousViolations } from './support/axe';

const baseUrl = inject('baseUrl');
let browser: Browser;
let letter: CampaignLetter;

beforeAll(async () => {
  browser = await launchBrowser();
  letter = await campaignToLongCyrillicAddress(baseUrl);
});
afterAll(async () => {
  await browser.close();
});

/** Signed in as the administrator: the token stored the way the back office keeps it. */
async function asAdmin(page: Page): Promise<void> {
  const token = await adminToken(baseUrl);
  await page.context().addInitScript((stored: string) => {
    window.localStorage.setItem('admin-token', stored);
  }, token);
}

/** How wide the page's content is against the screen (what a full-page screenshot takes in). */
const widest = (page: Page) =>
  page.evaluate(() => ({
    right: Math.max(document.documentElement.scrollWidth, document.body.scrollWidth),
    width: document.documentElement.clientWidth,
  }));

describe('the campaign page', () => {
  it('fits a 375 px phone and lists its letters by address in Cyrillic', async () => {
    await withPage(
      browser,
      baseUrl,
      async (page) => {
        await asAdmin(page);
        await page.goto(`/admin/campaigns/${letter.campaignId}/show`);
        await page.getByText('Журнал отправки').waitFor();
        // On a phone the log is a list: the address, then its status and time.
        const shown = page.getByText(letter.parent.email);
        await shown.waitFor();
        const { right, width } = await widest(page);
        expect(right).toBeLessThanOrEqual(width);
        expect(await page.locator('main').textContent()).not.toContain('xn--');
        expect(await seriousViolations(page), 'axe on the campaign page').toEqual([]);
      },
      { viewport: MOBILE },
    );
  });

  it('shows the log as a table with the address in Cyrillic at 1280 px', async () => {
    await withPage(browser, baseUrl, async (page) => {
      await asAdmin(page);
      await page.goto(`/admin/campaigns/${letter.campaignId}/show`);
      await page.getByRole('cell', { name: letter.parent.email, exact: true }).waitFor();
      expect(await page.getByRole('columnheader', { name: 'Получатель' }).count()).toBe(1);
      expect(await seriousViolations(page), 'axe on the campaign page').toEqual([]);
    });
  });
});

describe('the menu on a phone', () => {
  it('reads every section’s name whole', async () => {
    await withPage(
      browser,
      baseUrl,
      async (page) => {
        await asAdmin(page);
        await page.goto('/admin/');
        await page.getByText('Семей').waitFor();
        await page.getByRole('button', { name: /меню/i }).first().click();
        const items = page.getByRole('menuitem');
        await page.getByRole('menuitem', { name: 'Подарочные сертификаты' }).waitFor();
        const names = await items.allTextContents();
        expect(names).toEqual(
          expect.arrayContaining([
            'Цена пропущенной недели',
            'Подарочные сертификаты',
            'Причины отключения автопродления',
          ]),
        );
        const cut = await items.evaluateAll((elements) =>
          elements
            .filter((element) =>
              Array.from(element.querySelectorAll('*')).some(
                (inner) =>
                  inner.scrollWidth > inner.clientWidth + 1 &&
                  getComputedStyle(inner).overflow === 'hidden',
              ),
            )
            .map((element) => element.textContent),
        );
        expect(cut).toEqual([]);
      },
      { viewport: MOBILE },
    );
  });
});

describe('the audit log', () => {
  it('names the campaign’s mailing category and speaks Russian, never raw fields', async () => {
    await withPage(browser, baseUrl, async (page) => {
      await asAdmin(page);
      await page.goto('/admin/audit');
      const row = page.getByRole('row').filter({ hasText: letter.subject });
      await row.getByText('рассылка: Новости школы').waitFor();
      const text = (await page.locator('main').textContent()) ?? '';
      for (const raw of ['category_id', 'taken_back', 'left:', 'amount:', 'subject:']) {
        expect(text, raw).not.toContain(raw);
      }
      expect(text).toContain(`тема: ${letter.subject}`);
    });
  });
});

describe('a family’s weekly letter', () => {
  it('is previewed in the family’s card at 375 and 1280 px and sent now', async () => {
    const parent = letter.parent;
    const headers = {
      'content-type': 'application/json',
      authorization: `Bearer ${parent.token}`,
    };
    const child = await fetch(`${baseUrl}/api/profile/child/store`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ name: 'Ульяна', birth_date: '2021-09-01' }),
    });
    expect(child.status).toBe(201);
    const shown = await fetch(`${baseUrl}/api/profile/show`, { headers });
    const { id } = ((await shown.json()) as { data: { id: number } }).data;

    for (const viewport of [MOBILE, DESKTOP]) {
      await withPage(
        browser,
        baseUrl,
        async (page) => {
          await asAdmin(page);
          await page.goto(`/admin/users/${id}/show`);
          const frame = page.frameLocator('iframe[title="Предпросмотр письма недели"]');
          // Ульяна has watched nothing yet: the family would get the short nudge.
          await frame.getByText(/Ульяна: новые уроки уже ждут/).waitFor();
          await page.getByText('Тема: Уроки ждут вас в Школе Умняшек').waitFor();
          // The address as the parent wrote it, Cyrillic domain and all, in the card and its title.
          expect(await page.locator('body').textContent()).not.toContain('xn--');
          const { right, width } = await widest(page);
          expect(right).toBeLessThanOrEqual(width);
          expect(await seriousViolations(page), 'axe on the family’s card').toEqual([]);
          const dir = process.env.SCREENSHOTS_DIR;
          if (dir) {
            await page.screenshot({
              path: `${dir}/admin-weekly-letter-${viewport.width}.png`,
              fullPage: true,
            });
            await page
              .locator('iframe[title="Предпросмотр письма недели"]')
              .screenshot({ path: `${dir}/admin-weekly-letter-frame-${viewport.width}.png` });
          }
        },
        { viewport },
      );
    }

    await withPage(browser, baseUrl, async (page) => {
      await asAdmin(page);
      await page.goto(`/admin/users/${id}/show`);
      await page.getByRole('button', { name: 'Отправить сейчас' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Отправить' }).click();
      await page.getByText('Письмо недели поставлено в очередь и скоро уйдёт').waitFor();
    });
    const mail = await waitForMail(
      baseUrl,
      storedAddress(parent.email),
      'Уроки ждут вас в Школе Умняшек',
    );
    expect(mail.text).toContain('Ульяна');
  });
});
