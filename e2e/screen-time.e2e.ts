// Screen time (docs/PRODUCT.md «Экранное время»): a parent sets a child's evening hour in «Ученики», the
// child's lessons give way to «Пора отдохнуть» once it comes, and only a grown-up — through the task —
// gives 15 more minutes, after which the lesson plays and «Ученики» counts it.
//
// The evening must come on the server's clock, which decides: this journey runs its own school under
// libfaketime (Debian's `faketime`, installed by .ci/run), shifted so that Moscow's clock reads 19:30 today.
// The daily limit's own counting (minutes from the player's reports, never ahead of the wall clock) would
// take a real quarter of an hour here; it is proven below the browser in src/server/modules/screen-time.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { DESKTOP, MOBILE, launchBrowser, newPage } from './support/browser';
import { registerParent, storeToken } from './support/accounts';
import { startSchool, type SchoolServer } from '../scripts/testing/school-server';
import { GATE, answerGate, gateNumber } from './support/gate';
import { screenshot } from './support/journey';
import { moscowCalendarDate } from '../src/contract/moscow-date';

const LIBFAKETIME = '/usr/lib/x86_64-linux-gnu/faketime/libfaketime.so.1';
const CHILD = 'Ваня';

/** Seconds from now to 19:30 of today's Moscow date. */
function secondsToMoscowEvening(): number {
  const evening = new Date(`${moscowCalendarDate(new Date())}T19:30:00+03:00`);
  return Math.round((evening.getTime() - Date.now()) / 1000);
}

let school: SchoolServer;
let browser: Browser;

/** A new family with one child: each run starts its day with nothing watched and nothing added. */
async function familyWithChild(label: string): Promise<string> {
  const parent = await registerParent(school.baseUrl, { label });
  const res = await fetch(`${school.baseUrl}/api/profile/child/store`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${parent.token}` },
    body: JSON.stringify({ name: CHILD, birth_date: '2021-03-15' }),
  });
  if (!res.ok) throw new Error(`Adding a child failed: ${res.status} ${await res.text()}`);
  return parent.token;
}

beforeAll(async () => {
  if (!existsSync(LIBFAKETIME)) {
    throw new Error(`${LIBFAKETIME} is missing: install Debian's faketime (.ci/run does)`);
  }
  const offset = secondsToMoscowEvening();
  school = await startSchool({
    LD_PRELOAD: LIBFAKETIME,
    FAKETIME: `${offset >= 0 ? '+' : ''}${offset}`,
    // Timers and durations keep the real clock; only the date and time of day move.
    DONT_FAKE_MONOTONIC: '1',
  });
  browser = await launchBrowser();
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await school?.stop();
});

describe('screen time on the server’s evening', () => {
  it.each([
    ['375 px', MOBILE],
    ['1280 px', DESKTOP],
  ] as const)(
    'at %s the evening hour rests the lessons and a grown-up’s 15 minutes bring them back',
    async (label, viewport) => {
      const token = await familyWithChild(`screen-time-${viewport.width}`);
      const { context, page } = await newPage(browser, school.baseUrl, viewport);
      try {
        await storeToken(context, token);
        await page.goto('/personal/students');
        await page.getByRole('button', { name: `Экранное время: ${CHILD}` }).click();
        const settings = page.getByRole('dialog', { name: 'Экранное время' });
        await settings.getByText('Нет уроков после 18:00').click();
        await settings.getByText('30\u00a0минут в день').click();
        await settings.getByRole('button', { name: 'Сохранить' }).click();
        await settings.waitFor({ state: 'detached' });
        await page.getByText('30\u00a0минут в день, после 18:00').waitFor();

        await page.goto('/video');
        const select = page.getByRole('dialog', { name: 'Кто будет смотреть?' });
        await select.getByRole('button', { name: new RegExp(CHILD) }).click();
        await select.waitFor({ state: 'detached' });
        const rest = page.getByRole('region', { name: 'Пора отдохнуть' });
        await rest.waitFor();
        await rest.getByText('после 18:00 ребёнок отдыхает').waitFor();
        expect(await page.locator('video').count()).toBe(0);
        await screenshot(page, `screen-time-rest-${viewport.width}`);

        // A child cannot give itself more: a wrong answer keeps the rest.
        await rest.getByRole('button', { name: 'Ещё 15\u00a0минут' }).click();
        const gate = page.getByRole('dialog', { name: GATE });
        await answerGate(page, (await gateNumber(page)) + 1, 'Продолжить');
        await gate.getByText('Неверно').waitFor();
        await answerGate(page, await gateNumber(page), 'Продолжить');
        await rest.waitFor({ state: 'detached' });

        // The first lesson of week 1 is free: it plays now.
        await page.locator('article').first().getByRole('button').first().click();
        await page.getByRole('button', { name: /Смотреть урок/ }).click();
        await page.waitForFunction(
          () => (document.querySelector('video')?.currentTime ?? 0) > 1,
          null,
          { timeout: 30_000 },
        );

        const state = await fetch(`${school.baseUrl}/api/profile/screen-time`, {
          headers: { authorization: `Bearer ${token}` },
        });
        const { data } = (await state.json()) as {
          data: { extra_minutes: number; resting: boolean }[];
        };
        expect(
          data.map(({ resting, extra_minutes }) => ({ resting, extra_minutes })),
          label,
        ).toEqual([{ resting: false, extra_minutes: 15 }]);

        await page.goto('/personal/students');
        await page.getByText('Уроков сегодня').waitFor();
        await screenshot(page, `screen-time-students-${viewport.width}`);
      } finally {
        await context.close();
      }
    },
  );
});
