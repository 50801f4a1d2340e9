// A lesson on a slow mobile line: a family on its trial opens /video on a throttled line (1.6 Mbit/s,
// 150 ms), opens the first lesson and taps the play button the moment it shows, while the player's code
// and the media's first bytes are still coming. That one tap starts the lesson; the time from the tap to
// the first frame is printed for docs/VIDEO-PERFORMANCE.md and held to 2 s.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { DESKTOP, MOBILE, launchBrowser, storeToken, withPage } from './support/browser';
import { registerParent } from './support/accounts';
import { SLOW_4G, throttle } from '../scripts/testing/throttle';

const baseUrl = inject('baseUrl');
let browser: Browser;
let token: string;

/** What the page notes: the tap, the first frame played, the media's events in between. */
interface Marks {
  tapAt: number;
  frameAt: number;
  events: string[];
}

async function api(path: string, body?: unknown): Promise<Response> {
  const res = await fetch(`${baseUrl}/api/${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return res;
}

beforeAll(async () => {
  browser = await launchBrowser();
  ({ token } = await registerParent(baseUrl, { label: 'slow-line' }));
  const birth = new Date();
  birth.setFullYear(birth.getFullYear() - 4);
  await api('profile/child/store', { name: 'Маша', birth_date: birth.toISOString().slice(0, 10) });
  const tariffs = (await (await api('store/web/subscriptions?page=1')).json()) as {
    data: { id: number; is_free: boolean }[];
  };
  const trial = tariffs.data.find((tariff) => tariff.is_free);
  if (!trial) throw new Error('the demo has no trial');
  await api('store/subscription/activate', { subscription_id: trial.id });
});
afterAll(async () => {
  await browser.close();
});

describe('a lesson on a slow mobile line', () => {
  it.each([
    ['375 px', MOBILE],
    ['1280 px', DESKTOP],
  ])('starts at the first tap and shows its first frame within 2 s at %s', async (_, viewport) => {
    await withPage(
      browser,
      baseUrl,
      async (page, context) => {
        await storeToken(context, token);
        await throttle(page, SLOW_4G);
        await page.goto('/video');
        const select = page.getByRole('dialog', { name: 'Кто будет смотреть?' });
        await select.getByRole('button', { name: /Маша/ }).click();
        await select.waitFor({ state: 'detached' });
        await page.locator('article').first().getByRole('button').first().click();

        // The first frame of playback: the 'playing' event with a frame in hand (readyState ≥ 2). Not the
        // next frame presented (requestVideoFrameCallback): the demo lessons are picture books at one
        // frame every 2 s, whose first frame is already decoded and shows the moment play starts. The
        // media's events are kept to say, should the figure be over, where the time went.
        await page.evaluate(() => {
          const marks = window as unknown as Marks;
          marks.events = [];
          const at = () => Math.round(performance.now() - (marks.tapAt ?? performance.now()));
          document.addEventListener('pointerdown', () => (marks.tapAt ??= performance.now()), {
            capture: true,
          });
          for (const type of ['loadedmetadata', 'canplay', 'play', 'playing', 'waiting']) {
            document.addEventListener(type, () => marks.events.push(`${type} ${at()}`), {
              capture: true,
            });
          }
          document.addEventListener(
            'playing',
            (event) => {
              const video = event.target as HTMLVideoElement;
              if (video.readyState >= HTMLMediaElement.HAVE_CURRENT_DATA) {
                marks.frameAt ??= performance.now();
              }
            },
            { capture: true },
          );
        });
        // The moment the button shows: the player's code may still be on its way, and so may the media.
        await page.getByRole('button', { name: /Смотреть урок/ }).click();

        // One tap only: nothing here taps again.
        await page.waitForFunction(
          () => (window as unknown as Partial<Marks>).frameAt !== undefined,
          null,
          { timeout: 20_000 },
        );
        const { ms, story } = await page.evaluate(() => {
          const marks = window as unknown as Marks;
          const requests = performance
            .getEntriesByType('resource')
            .map((entry) => entry as PerformanceResourceTiming)
            .filter((entry) => entry.responseEnd > marks.tapAt - 3_000)
            .map(
              (entry) =>
                `${Math.round(entry.startTime - marks.tapAt)}…${Math.round(entry.responseEnd - marks.tapAt)} ms ` +
                `${entry.transferSize} B ${new URL(entry.name).pathname}`,
            );
          return {
            ms: Math.round(marks.frameAt - marks.tapAt),
            story: [...requests, ...marks.events].join('\n'),
          };
        });
        console.log(
          `slow line (1.6 Mbit/s, 150 ms) at ${viewport.width} px: tap → first frame ${ms} ms`,
        );
        expect(ms, `from the tap (0 ms):\n${story}`).toBeLessThanOrEqual(2_000);
        await page.waitForFunction(() => (document.querySelector('video')?.currentTime ?? 0) > 0.5);
      },
      { viewport },
    );
  });
});
