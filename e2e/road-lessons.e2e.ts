// Lessons for the road (docs/OFFLINE-LESSONS.md): a grown-up keeps the week's lessons on /video through the
// parental gate — the size shown before, the space used after — then the school goes out of reach
// altogether (its server stops), /video opens on the kept lessons, one plays from the app's own storage,
// and the progress made meanwhile reaches the school once it answers again. Expired and deleted kept
// lessons leave nothing behind. At 375 and 1280 px, each with a family of its own.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { LessonsPage } from '@contract/api/lessons';
import { DESKTOP, MOBILE, launchBrowser, withPage } from './support/browser';
import { storeToken } from './support/accounts';
import { openBehindGate } from './support/gate';
import { openVideoWithChild } from './support/screens';
import { seriousViolations } from './support/axe';
import { startLadderSchool, type LadderSchool } from '../scripts/testing/ladder-school';

// As long as e2e/adaptive-stream.e2e.ts's, so both start on a copy of the one ladder made for the run.
const CLIP_SECONDS = 90;
let ladder: LadderSchool | undefined;
let browser: Browser;

beforeAll(async () => {
  ladder = await startLadderSchool(CLIP_SECONDS, { kept: inject('keptSchools') });
  browser = await launchBrowser();
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await ladder?.stop();
});

/** The addresses in the kept lessons' cache. */
function keptFiles(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    if (!(await caches.has('umnyashki-kept-lessons'))) return [];
    const cache = await caches.open('umnyashki-kept-lessons');
    return (await cache.keys()).map((request) => new URL(request.url).pathname);
  });
}

async function shot(page: Page, name: string): Promise<void> {
  const dir = process.env.SCREENSHOTS_DIR;
  if (dir) await page.screenshot({ path: `${dir}/${name}.png`, fullPage: true });
}

const openRoadModal = (page: Page) =>
  openBehindGate(page, 'Скачать для поездки', 'Уроки для поездки');

describe('lessons kept for the road', () => {
  for (const [label, viewport] of [
    ['375 px', MOBILE],
    ['1280 px', DESKTOP],
  ] as const) {
    it(`are kept, play with no connection and report when it is back at ${label}`, async () => {
      const school = ladder;
      if (!school) throw new Error('no school');
      const family = await school.newFamily();
      await withPage(
        browser,
        school.school.baseUrl,
        async (page, context) => {
          await storeToken(context, family.token);
          await openVideoWithChild(page, family.childName);
          await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, {
            timeout: 30_000,
          });

          // Before: the week's lesson with its ladder, about how much it takes.
          const modal = await openRoadModal(page);
          const offer = modal.getByRole('button', { name: /^Скачать 1 урок \(около \d+ МБ\)$/ });
          await offer.waitFor();
          expect(await modal.innerText()).toMatch(/храниться до \d+ [а-я]+/);
          expect(await seriousViolations(page)).toEqual([]);
          await shot(page, `road-before-${viewport.width}`);

          // After: kept, with the space it takes, every segment of its playlist in the app's storage.
          await offer.click();
          await modal
            .getByText(/^Готово: все (готовые|открытые) уроки недели на устройстве\.$/)
            .waitFor({ timeout: 60_000 });
          expect(await modal.innerText()).toMatch(/Скачано: 1\sурок, \d+\sМБ\./);
          await shot(page, `road-kept-${viewport.width}`);
          const files = await keptFiles(page);
          const lessonId = Number(files[0]?.split('/')[2]);
          const playlist = await page.evaluate(
            async (id) => (await fetch(`/offline-lessons/${id}/video.m3u8`)).text(),
            lessonId,
          );
          const segments = playlist.split('\n').filter((line) => line.endsWith('.ts'));
          expect(segments.length).toBeGreaterThanOrEqual(CLIP_SECONDS / 2);
          for (const segment of segments)
            expect(files).toContain(`/offline-lessons/${lessonId}/${segment}`);
          expect(files).toContain(`/offline-lessons/${lessonId}/poster`);
          await page.keyboard.press('Escape');

          // No school at all: /video opens on the kept lesson, which plays from the app's storage.
          await school.away();
          const fetched: string[] = [];
          page.on('requestfinished', (request) => {
            const url = new URL(request.url());
            if (!url.pathname.startsWith('/offline-lessons/') && url.pathname.startsWith('/lesson'))
              fetched.push(url.pathname);
          });
          await page.goto('/video');
          await page.getByText(/^Нет связи со школой/).waitFor({ timeout: 15_000 });
          expect(await page.getByRole('dialog').count()).toBe(0);
          expect(await seriousViolations(page)).toEqual([]);
          await page.locator('article').first().getByRole('button').first().click();
          await page.getByRole('button', { name: /Смотреть урок/ }).click();
          await page.waitForFunction(
            () => (document.querySelector('video')?.currentTime ?? 0) > 4,
            null,
            { timeout: 20_000 },
          );
          await shot(page, `road-offline-${viewport.width}`);
          await page.evaluate(() => document.querySelector('video')?.pause());
          expect(fetched).toEqual([]);
          // The report that could not go waits on the device.
          await page.waitForFunction(() =>
            (localStorage.getItem('progress_outbox') ?? '').includes('"position_seconds"'),
          );

          // The school is back: the page notices, and the progress made offline reaches it.
          await school.back();
          await page.getByRole('button', { name: 'Открыть все уроки' }).click({ timeout: 20_000 });
          await page.locator('article').first().waitFor();
          await page.waitForFunction(() => localStorage.getItem('progress_outbox') === null);
          const answer = await fetch(
            `${school.school.baseUrl}/api/profile/lessons?child_id=${family.childId}`,
            { headers: { authorization: `Bearer ${family.token}` } },
          );
          const { data } = (await answer.json()) as { data: LessonsPage };
          const watched = data.lessons.find((l) => l.id === lessonId)?.progress.watched_seconds;
          expect(watched).toBeGreaterThanOrEqual(4);

          if (viewport === MOBILE) {
            // Past their end, kept lessons are gone at the next start of the app.
            await page.evaluate(() => {
              const packs = JSON.parse(localStorage.getItem('kept_lessons') ?? '[]') as {
                expires_at: string;
              }[];
              for (const pack of packs) pack.expires_at = '2020-01-01T00:00:00.000Z';
              localStorage.setItem('kept_lessons', JSON.stringify(packs));
            });
            await page.reload();
            await page.locator('article').first().waitFor();
            await page.waitForFunction(async () => {
              const cache = await caches.open('umnyashki-kept-lessons');
              return (await cache.keys()).length === 0;
            });
            expect(await page.evaluate(() => localStorage.getItem('kept_lessons'))).toBeNull();
          } else {
            // The grown-up deletes them.
            const again = await openRoadModal(page);
            await again.getByRole('button', { name: 'Удалить загрузки' }).click();
            await again.getByRole('button', { name: /^Скачать 1 урок/ }).waitFor();
            expect(await keptFiles(page)).toEqual([]);
          }
        },
        { viewport, worker: true },
      );
    }, 180_000);
  }
});
