// The child's own screen: a family with two children starts /video with their big faces every time, and
// each child's sticker album opens from the lessons without a grown-up's task; the demo child's album,
// filled by the lessons she watched, is the same on /video and in «Успехи». At 375 and 1280 px, with axe.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { DESKTOP, MOBILE, demoParentToken, launchBrowser, newPage } from './support/browser';
import { registerParent, storeToken } from './support/accounts';
import { payForMonth } from './support/bank';
import { seriousViolations } from './support/axe';
import { apiAs, screenshot } from './support/journey';

const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

const api = apiAs(baseUrl);

describe('a family with two children on /video', () => {
  it('starts with both faces every time, and each child opens their own album', async () => {
    const parent = await registerParent(baseUrl, { label: 'stickers' });
    const masha = await api(parent.token, 'profile/child/store', {
      name: 'Маша',
      birth_date: '2021-05-01',
    });
    expect(masha.status).toBe(201);

    const { context, page } = await newPage(browser, baseUrl, MOBILE);
    try {
      await storeToken(context, parent.token);
      // A month for two children, paid through the sandbox bank: a place for Петя.
      await payForMonth(page, 2);
      const petya = await api(parent.token, 'profile/child/store', {
        name: 'Петя',
        birth_date: '2020-03-01',
      });
      expect(petya.status).toBe(201);

      for (const viewport of [MOBILE, DESKTOP]) {
        await page.setViewportSize(viewport);
        await page.goto('/video');
        const select = page.getByRole('dialog', { name: 'Кто будет смотреть?' });
        const faces = select.getByRole('listitem').getByRole('button');
        await faces.first().waitFor();
        expect(await faces.allInnerTexts()).toEqual(['Маша', 'Петя']);
        // Big enough for a small finger and a face a child knows: the pictures are 120 px, or the whole
        // width of their half of a phone's sheet.
        for (const face of await faces.locator('svg').all()) {
          expect((await face.boundingBox())?.width).toBeGreaterThanOrEqual(110);
        }
        expect(await seriousViolations(page), 'axe on the faces').toEqual([]);
        await screenshot(page, `stickers-faces-${viewport.width}`);
        await select.getByRole('button', { name: 'Петя' }).click();
        await select.waitFor({ state: 'detached' });
        await page.getByText('Смотрит Петя').waitFor();

        await page.getByRole('button', { name: 'Наклейки' }).click();
        const album = page.getByRole('dialog', { name: 'Наклейки: Петя' });
        const places = album.getByRole('list', { name: 'Альбом наклеек: Петя' });
        await places.waitFor();
        expect(await places.getByRole('img').count()).toBe(0);
        expect(await places.locator('li[aria-hidden="true"]').count()).toBe(12);
        expect(await seriousViolations(page), 'axe on the album').toEqual([]);
        await screenshot(page, `stickers-empty-album-${viewport.width}`);
        await album.getByRole('button', { name: 'Закрыть' }).click();
        await album.waitFor({ state: 'detached' });
      }
    } finally {
      await context.close();
    }
  });
});

describe('the demo child’s album', () => {
  it('holds a sticker for each lesson she finished, the same on /video and in «Успехи»', async () => {
    const token = await demoParentToken(baseUrl);
    const progress = (await (await api(token, 'profile/show')).json()) as {
      data: { children: { id: number }[] };
    };
    const childId = progress.data.children[0]?.id ?? 0;
    const read = (await (await api(token, `profile/progress?child_id=${childId}`)).json()) as {
      data: { stickers: { sticker: string }[] };
    };
    const earned = read.data.stickers.length;
    expect(earned).toBeGreaterThan(0);

    for (const viewport of [MOBILE, DESKTOP]) {
      const { context, page } = await newPage(browser, baseUrl, viewport);
      try {
        await storeToken(context, token);
        await page.goto('/personal/progress');
        const inProgress = page.getByRole('list', { name: 'Альбом наклеек: Маша' });
        await inProgress.waitFor();
        const labels = await inProgress
          .getByRole('img')
          .evaluateAll((items) => items.map((item) => item.getAttribute('aria-label')));
        expect(labels).toHaveLength(Math.min(earned, 12));
        expect(labels[0]).toMatch(/^Солнышко\s— за урок «/);
        expect(await seriousViolations(page), 'axe on «Успехи»').toEqual([]);
        await inProgress.scrollIntoViewIfNeeded();
        await screenshot(page, `stickers-progress-${viewport.width}`);

        await page.goto('/video');
        const select = page.getByRole('dialog', { name: 'Кто будет смотреть?' });
        await select.getByRole('button', { name: 'Маша' }).click();
        await select.waitFor({ state: 'detached' });
        await page.getByRole('button', { name: 'Наклейки' }).click();
        const onVideo = page.getByRole('list', { name: 'Альбом наклеек: Маша' });
        await onVideo.waitFor();
        expect(
          await onVideo
            .getByRole('img')
            .evaluateAll((items) => items.map((item) => item.getAttribute('aria-label'))),
        ).toEqual(labels);
        await screenshot(page, `stickers-video-album-${viewport.width}`);
      } finally {
        await context.close();
      }
    }
  });
});
