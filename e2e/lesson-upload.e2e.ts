// An editor publishes a lesson from /admin — the video goes up in resumable chunks with a progress bar,
// the server reads its length and takes a poster frame — and a subscribed child then plays it on /video.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { DESKTOP, MOBILE, launchBrowser, newPage } from './support/browser';
import { registerParent, storeToken } from './support/accounts';
import { signInToAdmin } from './support/back-office';

const baseUrl = inject('baseUrl');
const LESSON_TITLE = 'Круги вокруг нас';
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

function birthDate(years: number): string {
  const date = new Date();
  date.setFullYear(date.getFullYear() - years, date.getMonth() - 2);
  return date.toISOString().slice(0, 10);
}

describe('a lesson published from the back office', () => {
  it('is uploaded with its poster read on the server, and a subscribed child plays it', async () => {
    const { context: adminContext, page } = await newPage(browser, baseUrl, DESKTOP);
    await signInToAdmin(page);

    await page.goto('/admin/lessons/create');
    await page.getByRole('combobox', { name: 'Неделя' }).click();
    await page.getByRole('option', { name: /6–7 лет: неделя 1 / }).click();
    await page.getByLabel('Порядок в неделе').fill('4');
    await page.getByLabel('Название').fill(LESSON_TITLE);
    await page
      .locator('#upload-video_upload_id')
      .setInputFiles('src/server/modules/media/fixtures/lesson.mp4');
    await page.getByText(/Загружено: «lesson\.mp4», 17\sКБ, длительность 0:03/).waitFor();
    const poster = page.getByRole('img', { name: 'Обложка' });
    await expect.poll(() => poster.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(160);
    await page
      .locator('#upload-subtitles_upload_id')
      .setInputFiles('src/server/db/seed/media/three-four-w1-l1.vtt');
    await page.getByText('Загружено: «three-four-w1-l1.vtt»').waitFor();
    await page.getByLabel('Опубликован').check();
    await page.getByRole('button', { name: 'Сохранить' }).click();
    await page.getByText('Сохранено').waitFor();
    await adminContext.close();

    const parent = await registerParent(baseUrl, { label: 'lesson-upload' });
    const child = await fetch(`${baseUrl}/api/profile/child/store`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${parent.token}` },
      body: JSON.stringify({ name: 'Вера', birth_date: birthDate(6) }),
    });
    expect(child.status).toBe(201);
    const { context, page: phone } = await newPage(browser, baseUrl, MOBILE);
    await storeToken(context, parent.token);
    await phone.goto('/video');
    const select = phone.getByRole('dialog', { name: 'Кто будет смотреть?' });
    await select.getByRole('button', { name: /Вера/ }).click();
    await phone.getByRole('button', { name: 'Начать бесплатную неделю' }).first().click();

    const card = phone.locator('article', { hasText: LESSON_TITLE });
    await card.getByRole('button').first().click();
    await phone.getByRole('button', { name: /Смотреть урок/ }).click();
    // One tap, even while the video is still coming: the player keeps it and starts when it can.
    await phone.waitForFunction(
      () => {
        const video = document.querySelector('video');
        return video !== null && (video.currentTime > 0.5 || video.ended);
      },
      null,
      { timeout: 30_000 },
    );
    const video = await phone.evaluate(() => {
      const element = document.querySelector('video');
      return {
        src: element?.currentSrc ?? '',
        played: (element?.currentTime ?? 0) > 0.5 || element?.ended === true,
      };
    });
    expect(video.src).toMatch(/\/lesson-media\/lessons\/[0-9a-f]{32}\.mp4\?/);
    expect(video.played).toBe(true);
    await context.close();
  });
});
