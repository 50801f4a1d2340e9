// A lesson's adaptive stream on a changing line (scripts/testing/ladder-school.ts, stream-watch.ts): a child
// on a parent's phone (375 px at 3× — a 720p picture is worth it there) or on a desktop taps play on a
// 1.6 Mbit/s line, the family's Wi‑Fi comes, then the line drops to 0.6 Mbit/s. The player must start
// within 2 s, climb on the good line, step down after the drop and never stall for more than 1 s; a
// minute of the lowest rendition costs ≤ 4 MB; a tampered segment or playlist link is refused; opened
// again on another device, the lesson resumes where the child stopped.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { DESKTOP, MOBILE, launchBrowser } from './support/browser';
import { storeToken } from './support/accounts';
import { startLadderSchool, type LadderSchool } from '../scripts/testing/ladder-school';
import { resumeStream, watchStream } from '../scripts/testing/stream-watch';

/** Long enough for the player's 30 s ahead to run out after the drop and the lower picture to show. */
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

describe('a lesson’s adaptive stream on a changing line', () => {
  // One at a time: two players decoding at once on a two-core runner measured each other's CPU, and the
  // desktop's first frame came over 2 s by some tens of milliseconds now and then.
  it.each([
    ['375 px', MOBILE, 3],
    ['1280 px', DESKTOP, 1],
  ] as const)(
    'starts fast, climbs, steps down without a long stall at %s',
    async (_, viewport, scale) => {
      if (!ladder) throw new Error('no school');
      const open = async () => {
        const context = await browser.newContext({
          baseURL: ladder?.school.baseUrl,
          viewport,
          deviceScaleFactor: scale,
          locale: 'ru-RU',
          serviceWorkers: 'block',
        });
        await storeToken(context, family.token);
        return context;
      };
      const family = await ladder.newFamily();
      const context = await open();
      try {
        const page = await context.newPage();
        const seen = await watchStream(page, family.childName);
        // With SCREENSHOTS_DIR set, the lesson playing its stream, for a person to look at.
        const dir = process.env.SCREENSHOTS_DIR;
        if (dir) await page.screenshot({ path: `${dir}/adaptive-stream-${viewport.width}.png` });
        console.log(
          `adaptive stream at ${viewport.width} px: tap → first frame ${seen.firstFrameMs} ms, ` +
            `longest stall ${seen.longestStallMs} ms (${seen.stallsMs.length} in all), lowest ` +
            `rendition ${seen.lowestMbPerMinute.toFixed(2)} MB a minute, shown heights ` +
            seen.shownHeights.join(' → '),
        );
        expect(seen.firstFrameMs, seen.story).toBeLessThanOrEqual(2_000);
        expect(seen.steppedDown, `stepped down after the drop:\n${seen.story}`).toBe(true);
        expect(
          seen.longestStallMs,
          `stalls ${seen.stallsMs.join(', ')} ms:\n${seen.story}`,
        ).toBeLessThanOrEqual(1_000);
        expect(seen.lowestMbPerMinute).toBeLessThanOrEqual(4);
        // hls.js alone fetches the stream (lesson-player.tsx: no second, native player beside it).
        expect(seen.fetchedByTheElement, seen.story).toBe(0);
        // The picture itself went up and came back down: what the child saw followed the line.
        const top = Math.max(...seen.shownHeights);
        expect(top).toBeGreaterThan(360);
        expect(seen.shownHeights.slice(seen.shownHeights.indexOf(top))).toContain(360);
        expect(seen.links).toEqual({
          segment: 200,
          segmentTampered: 403,
          master: 200,
          masterTampered: 403,
        });
      } finally {
        await context.close();
      }

      // Another day, another device: the lesson resumes where the player last reported (every 12 s; the
      // child stopped after 20 s or more), and starts there quickly.
      const later = await open();
      try {
        const resumed = await resumeStream(await later.newPage(), family.childName);
        console.log(
          `resumed at ${viewport.width} px: tap → first frame ${resumed.firstFrameMs} ms at ` +
            `${resumed.startedAtSeconds.toFixed(1)} s`,
        );
        expect(resumed.startedAtSeconds).toBeGreaterThanOrEqual(12);
        // Vidstack hands hls.js the source twice, so the first segment comes beside the resume point's
        // (docs/VIDEO-PERFORMANCE.md): 1.6–1.8 s seen, held to 2.5 s.
        expect(resumed.firstFrameMs).toBeLessThanOrEqual(2_500);
      } finally {
        await later.close();
      }
    },
    240_000,
  );
});
