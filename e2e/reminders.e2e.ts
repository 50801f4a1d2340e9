// Lesson reminders at the family's hour (docs/PRODUCT.md «Mailings»): on /video a grown-up opens
// «Напоминания» through the parental gate, reads whose clock the hour is by (the family's region in
// Primorye: UTC+10), picks 9:00 and saves; the hour holds when the modal opens again and in the profile the
// school reads. That the letter then comes at 9:00 by Vladivostok's clock is the server suite's
// (modules/mailing/mailing-lesson-reminders.test.ts). At 375 and 1280 px, each with a family of its own.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { Region } from '@contract/api/catalog';
import { DESKTOP, MOBILE, launchBrowser, withPage } from './support/browser';
import { registerParent, storeToken } from './support/accounts';
import { openBehindGate } from './support/gate';
import { openVideoWithChild } from './support/screens';
import { seriousViolations } from './support/axe';

const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

async function api<T>(token: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${baseUrl}/api/${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { data: T }).data;
}

/** A parent in Primorye with a 4-year-old. */
async function familyInPrimorye(): Promise<string> {
  const { token } = await registerParent(baseUrl, { label: 'reminders' });
  const birth = new Date();
  birth.setFullYear(birth.getFullYear() - 4);
  await api(token, 'profile/child/store', {
    name: 'Маша',
    birth_date: birth.toISOString().slice(0, 10),
  });
  const regions = await api<Region[]>(token, 'regions');
  const primorye = regions.find((region) => region.code === 'RU-PRI');
  await api(token, 'profile/update', { region_id: primorye?.id });
  return token;
}

const openReminders = (page: Page) =>
  openBehindGate(page, /^Напоминания: /, 'Напоминания об уроках');

describe('lesson reminders at the family’s hour', () => {
  for (const [label, viewport] of [
    ['375 px', MOBILE],
    ['1280 px', DESKTOP],
  ] as const) {
    it(`are set to 9:00 by the region's clock at ${label}`, async () => {
      const token = await familyInPrimorye();
      await withPage(
        browser,
        baseUrl,
        async (page, context) => {
          await storeToken(context, token);
          await openVideoWithChild(page, 'Маша');
          const modal = await openReminders(page);
          const hour = modal.getByLabel('Во сколько присылать');
          expect(await hour.inputValue()).toBe('18');
          await modal.getByText('По времени вашего региона (UTC+10)').waitFor();
          // Only daytime hours are offered: nothing at night.
          const offered = await hour.locator('option').allTextContents();
          expect(offered[0]).toBe('8:00');
          expect(offered.at(-1)).toBe('20:00');
          expect(offered).toHaveLength(13);
          expect(await seriousViolations(page)).toEqual([]);
          const dir = process.env.SCREENSHOTS_DIR;
          if (dir) await page.screenshot({ path: `${dir}/reminders-${viewport.width}.png` });

          await hour.selectOption('9');
          await modal.getByRole('button', { name: 'Сохранить' }).click();
          await modal.waitFor({ state: 'detached' });

          const again = await openReminders(page);
          expect(await again.getByLabel('Во сколько присылать').inputValue()).toBe('9');
          const profile = await api<{ reminder_hour: number; time_zone: string }>(
            token,
            'profile/show',
          );
          expect(profile).toMatchObject({ reminder_hour: 9, time_zone: 'Asia/Vladivostok' });
        },
        { viewport },
      );
    });
  }
});
