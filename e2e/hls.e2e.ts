// Unverified so far: written at the deadline, its first run did not finish in time.
// A lesson whose video has its HLS ladder plays through hls.js from our own bundle (the video element
// fed by Media Source, playlists and segments from the school, nothing from a CDN), and a segment link
// edited by hand is refused. Run with E2E_TRANSCODE=1, so the server makes the demo lessons' ladders;
// the first program's first lesson is the first in the queue.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext } from 'playwright-core';
import { MOBILE, launchBrowser, newPage } from './support/browser';
import { registerParent, storeToken } from './support/accounts';

const baseUrl = inject('baseUrl');
const transcoding = process.env.E2E_TRANSCODE !== undefined && process.env.E2E_TRANSCODE !== '0';
let browser: Browser;
let context: BrowserContext;
let token: string;
let childId: number;

interface Lessons {
  data: { lessons: { id: number; video: { url: string | null; hls_url: string | null } }[] };
}

beforeAll(async () => {
  if (!transcoding) return;
  browser = await launchBrowser();
  const parent = await registerParent(baseUrl, { label: 'hls' });
  token = parent.token;
  const born = new Date();
  born.setFullYear(born.getFullYear() - 2, born.getMonth() - 3);
  const res = await fetch(`${baseUrl}/api/profile/child/store`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ name: 'Маша', birth_date: born.toISOString().slice(0, 10) }),
  });
  if (!res.ok) throw new Error(`Adding a child failed: ${res.status} ${await res.text()}`);
  childId = ((await res.json()) as { data: { id: number } }).data.id;
  ({ context } = await newPage(browser, baseUrl, MOBILE));
  await storeToken(context, token);
});
afterAll(async () => {
  await context?.close();
  await browser?.close();
});

/** The first lesson's links once its ladder is ready (the server transcodes in the background). */
async function readyLesson(): Promise<{ url: string; hls: string }> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    const res = await fetch(`${baseUrl}/api/profile/lessons?child_id=${childId}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const first = ((await res.json()) as Lessons).data.lessons[0];
    if (first?.video.hls_url && first.video.url) {
      return { url: first.video.url, hls: first.video.hls_url };
    }
    // Polling the server's own progress, not standing in for an event: the job runs elsewhere.
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  throw new Error('the first lesson has no HLS ladder after 2 minutes');
}

describe.skipIf(!transcoding)('adaptive streaming', () => {
  it('plays the lesson through bundled hls.js and refuses an edited segment link', async () => {
    await readyLesson();
    const page = await context.newPage();
    const asked: string[] = [];
    page.on('request', (request) => asked.push(request.url()));
    await page.goto('/video');
    const select = page.getByRole('dialog', { name: 'Кто будет смотреть?' });
    await select.getByRole('button', { name: /Маша/ }).click();
    await select.waitFor({ state: 'detached' });
    await page.locator('article').first().getByRole('button').first().click();
    await page.getByRole('button', { name: /Смотреть урок/ }).click();
    const bigPlay = page.locator('[data-media-player] button', { hasText: /Смотреть урок/ });
    for (let tap = 0; tap < 5; tap += 1) {
      const playing = await page
        .waitForFunction(() => (document.querySelector('video')?.currentTime ?? 0) > 1, null, {
          timeout: 8_000,
        })
        .then(
          () => true,
          () => false,
        );
      if (playing) break;
      if (await bigPlay.isVisible()) await bigPlay.click();
    }
    expect(
      await page.evaluate(() => document.querySelector('video')?.currentTime ?? 0),
    ).toBeGreaterThan(1);
    // Media Source: the video element plays a blob, fed by hls.js.
    expect(await page.evaluate(() => document.querySelector('video')?.src ?? '')).toMatch(/^blob:/);
    expect(asked.some((u) => /\/lesson-hls\/\d+\/[^/]+\/master\.m3u8$/.test(u))).toBe(true);
    const segment = asked.find((u) => /\/lesson-media\/hls\/.+\.ts\?expires=/.test(u));
    expect(segment).toBeDefined();
    expect(asked.filter((u) => !u.startsWith(baseUrl) && !u.startsWith('blob:'))).toEqual([]);

    const good = await fetch(segment ?? '');
    expect(good.status).toBe(200);
    expect(good.headers.get('content-type')).toBe('video/mp2t');
    const link = segment ?? '';
    const edited = await fetch(`${link.slice(0, -1)}${link.endsWith('A') ? 'B' : 'A'}`);
    expect(edited.status).toBe(403);
    expect(((await edited.json()) as { code: string }).code).toBe('forbidden');
    await page.close();
  });
});
