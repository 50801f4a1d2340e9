// The back office as staff see it on a phone and a desktop: the campaign page fits 375 px and lists its
// letters with addresses as people write them, the menu's long section names are read whole, and the audit
// log speaks Russian — field names, roubles, names instead of ids.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { MOBILE, launchBrowser, withPage } from './support/browser';
import { adminToken, campaignToLongCyrillicAddress, type CampaignLetter } from './support/campaign';
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
