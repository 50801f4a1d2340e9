// Screen time: a parent sets a 15-minute daily limit on /video through the grown-up's task; with the
// child's 15 minutes of today already watched, the page shows the picture «Пора отдохнуть» instead of the
// player; a grown-up adds «Ещё 15 минут» through the same task and the lesson plays. At 375 and 1280 px.
//
// The minutes are watched for real: the server counts a progress report by how far the position moved,
// never more than the wall-clock time since the previous report and 30 s a report, so nothing but a
// quarter of an hour of reports makes 15 minutes. Both families watch at once, in the first hook.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { ScreenTime } from '../src/contract/api/screen-time';
import type { VideoProgress } from '../src/contract/api/learning';
import type { LessonsPage } from '../src/contract/api/lessons';
import { DESKTOP, MOBILE, launchBrowser, newPage, type Viewport } from './support/browser';
import { registerParent, storeToken } from './support/accounts';
import { passGate } from './support/gate';

const baseUrl = inject('baseUrl');
const SHOTS = process.env.SCREENSHOTS_DIR ?? '/tmp/h-screentime';
/** The most one report counts (modules/screen-time/rules.ts), and so the pace of the watching. */
const REPORT_EVERY_MS = 30_500;
const LIMIT_MINUTES = 15;

interface Watcher {
  token: string;
  childId: number;
}

let browser: Browser;
const watchers = new Map<number, Watcher>();

async function api<T>(token: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${baseUrl}/api/${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { data: T }).data;
}

function birthDate(years: number): string {
  const date = new Date();
  date.setFullYear(date.getFullYear() - years, date.getMonth() - 2);
  return date.toISOString().slice(0, 10);
}

/** A new family with a child of four, who then watches the free first lesson for 15 real minutes. */
async function familyThatWatched(label: string): Promise<Watcher> {
  const parent = await registerParent(baseUrl, { label });
  const child = await api<{ id: number }>(parent.token, 'profile/child/store', {
    name: 'Маша',
    birth_date: birthDate(4),
  });
  const page = await api<LessonsPage>(parent.token, `profile/lessons?child_id=${child.id}`);
  const lesson = page.lessons.find((item) => item.available);
  if (!lesson) throw new Error('No open lesson for a new family');
  let position = 0;
  let state: ScreenTime | null = null;
  while (!state || state.minutes_today < LIMIT_MINUTES) {
    position += 30;
    const answer = await api<VideoProgress>(parent.token, 'profile/achievements/video', {
      child_id: child.id,
      lesson_id: lesson.id,
      position_seconds: position,
    });
    state = answer.screen_time;
    // Real time has to pass for the server to count it: this is the watching, not a wait for the page.
    if (state.minutes_today < LIMIT_MINUTES) {
      await new Promise((resolve) => setTimeout(resolve, REPORT_EVERY_MS));
    }
  }
  expect(state).toMatchObject({ resting: false, daily_limit_minutes: null });
  return { token: parent.token, childId: child.id };
}

beforeAll(async () => {
  browser = await launchBrowser();
  const [phone, desktop] = await Promise.all([
    familyThatWatched('screen-time-375'),
    familyThatWatched('screen-time-1280'),
  ]);
  watchers.set(MOBILE.width, phone);
  watchers.set(DESKTOP.width, desktop);
}, 20 * 60_000);

afterAll(async () => {
  await browser.close();
});

async function playing(page: Page): Promise<boolean> {
  const bigPlay = page.locator('[data-media-player] button', { hasText: /Смотреть урок/ });
  for (let tap = 0; tap < 5; tap += 1) {
    const started = await page
      .waitForFunction(() => (document.querySelector('video')?.currentTime ?? 0) > 1, null, {
        timeout: 6_000,
      })
      .then(
        () => true,
        () => false,
      );
    if (started) return true;
    if (await bigPlay.isVisible()) await bigPlay.click();
  }
  return false;
}

describe.each([MOBILE, DESKTOP])('screen time at $width px', (viewport: Viewport) => {
  it('a 15-minute limit rests the lessons after 15 minutes; a grown-up adds 15 more', async () => {
    const watcher = watchers.get(viewport.width);
    if (!watcher) throw new Error('no family');
    const { context, page } = await newPage(browser, baseUrl, viewport);
    try {
      await storeToken(context, watcher.token);
      await page.goto('/video');
      const select = page.getByRole('dialog', { name: 'Кто будет смотреть?' });
      await select.getByRole('button', { name: /Маша/ }).click();
      await select.waitFor({ state: 'detached' });
      await page.locator('article').first().waitFor();

      // No limit yet: the lessons are open although 15 minutes were watched today.
      expect(await page.getByRole('heading', { name: 'Пора отдохнуть' }).count()).toBe(0);

      // The parent sets the limit: a grown-up's setting, behind the task.
      await page.getByRole('button', { name: 'Экранное время: без лимита' }).click();
      await passGate(page);
      const settings = page.getByRole('dialog', { name: 'Экранное время' });
      await settings.getByLabel(/^15\s+минут в день$/).check();
      await settings.getByRole('button', { name: 'Сохранить' }).click();
      await settings.waitFor({ state: 'detached' });
      await page.getByRole('button', { name: 'Экранное время: 15 мин' }).waitFor();

      // The picture instead of the player, and no lesson to play.
      const rest = page.getByRole('heading', { name: 'Пора отдохнуть' });
      await rest.waitFor();
      await page.getByRole('img', { name: /Месяц спит/ }).waitFor();
      await page.locator('article').first().getByRole('button').first().click();
      await rest.waitFor();
      expect(await page.locator('video').count()).toBe(0);
      await page
        .getByRole('img', { name: /Месяц спит/ })
        .scrollIntoViewIfNeeded()
        .catch(() => undefined);
      await page.screenshot({ path: `${SHOTS}/rest-${viewport.width}.png` });
      await page.screenshot({ path: `${SHOTS}/rest-${viewport.width}-full.png`, fullPage: true });

      // Only a grown-up adds minutes.
      await page.getByRole('button', { name: /Ещё 15\s+минут/ }).click();
      await passGate(page);
      await rest.waitFor({ state: 'detached' });
      const state = (await api<ScreenTime[]>(watcher.token, 'profile/screen-time')).find(
        (item) => item.child_id === watcher.childId,
      );
      expect(state).toMatchObject({ resting: false, extra_minutes: 15, minutes_today: 15 });

      await page.getByRole('button', { name: /Смотреть урок/ }).click();
      expect(await playing(page)).toBe(true);
    } finally {
      await context.close();
    }
  });
});
