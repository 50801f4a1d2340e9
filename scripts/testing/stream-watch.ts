// Watching a lesson's adaptive stream in Chromium on a throttled, changing line, and what it measures:
// the tap to the first frame, the stalls, the renditions fetched and shown, the lowest rung's cost, and
// what the school answers to a tampered link. e2e/adaptive-stream.e2e.ts judges the figures; `npm run
// bench` prints them.
import type { Page } from 'playwright-core';
import { SLOW_4G, throttle, type Line } from './throttle';

const WIFI: Line = { downMbps: 8, upMbps: 4, rttMs: 40 };
const WEAK: Line = { downMbps: 0.6, upMbps: 0.3, rttMs: 150 };
/** The standard ladder's lowest rung, and the segments' length (modules/media/ladder-plan.ts). */
const LOWEST = 360;
const SEGMENT_S = 2;

export interface StreamFigures {
  firstFrameMs: number;
  stallsMs: number[];
  longestStallMs: number;
  lowestMbPerMinute: number;
  /** The picture's heights in the order shown. */
  shownHeights: number[];
  /** A segment of the lowest rung was asked for after the line dropped. */
  steppedDown: boolean;
  /**
   * Segments the `<video>` element fetched by itself (resource timing's initiatorType `video`): a browser
   * that plays HLS natively running a player of its own beside hls.js, two streams on one line.
   */
  fetchedByTheElement: number;
  /** The segments fetched, for a failure's message. */
  story: string;
  links: { segment: number; segmentTampered: number; master: number; masterTampered: number };
}

/** What the page notes about playback; installed before the page's own scripts. */
interface Marks {
  /** Set just before the play button is tapped: the tap that counts. */
  armed?: boolean;
  tapAt?: number;
  frameAt?: number;
  waitingAt?: number;
  stalls: number[];
  heights: [number, number][];
}

/** The segments fetched so far: rendition, number, when (ms since the tap) and bytes. */
function segments(page: Page) {
  return page.evaluate(() => {
    const marks = window as unknown as Marks;
    return performance
      .getEntriesByType('resource')
      .map((entry) => entry as PerformanceResourceTiming)
      .flatMap((entry) => {
        const match = /\/(\d+)p_(\d{3})\.ts$/.exec(new URL(entry.name).pathname);
        if (!match || entry.responseEnd === 0) return [];
        return [
          {
            height: Number(match[1]),
            index: Number(match[2]),
            startedAt: Math.round(entry.startTime - (marks.tapAt ?? 0)),
            endedAt: Math.round(entry.responseEnd - (marks.tapAt ?? 0)),
            bytes: entry.transferSize,
            url: entry.name,
            initiator: entry.initiatorType,
          },
        ];
      });
  });
}

const sinceTap = (page: Page) =>
  page.evaluate(() => performance.now() - ((window as unknown as Marks).tapAt ?? 0));

/** The page's notes on playback, from before its own scripts run. */
async function installMarks(page: Page): Promise<void> {
  // No named helpers inside the page's functions: tsx (the bench) names them with a helper the page lacks.
  await page.addInitScript(() => {
    // Every segment must stay listed: the browser keeps 250 resource timings unless told otherwise.
    performance.setResourceTimingBufferSize(5_000);
    const marks = window as unknown as Marks;
    marks.stalls = [];
    marks.heights = [];
    document.addEventListener(
      'pointerdown',
      () => {
        if (marks.armed) marks.tapAt ??= performance.now();
      },
      { capture: true },
    );
    for (const type of ['playing', 'waiting', 'resize']) {
      document.addEventListener(
        type,
        (event) => {
          const video = event.target;
          if (!(video instanceof HTMLVideoElement)) return;
          const now = performance.now();
          if (type === 'resize') {
            marks.heights.push([now, video.videoHeight]);
          } else if (type === 'waiting') {
            if (marks.frameAt !== undefined) marks.waitingAt ??= now;
          } else {
            if (video.readyState >= HTMLMediaElement.HAVE_CURRENT_DATA) marks.frameAt ??= now;
            if (marks.waitingAt !== undefined) marks.stalls.push(now - marks.waitingAt);
            marks.waitingAt = undefined;
          }
        },
        { capture: true },
      );
    }
  });
}

/**
 * On /video at 1.6 Mbit/s: picks `childName` when asked, chooses the first lesson once the page has
 * fetched the player and hls.js (a parent looks at the list for a moment), and taps play the moment the
 * button shows. Resolves with the milliseconds from that tap to the first frame.
 */
async function startLesson(page: Page, childName: string): Promise<number> {
  await installMarks(page);
  await throttle(page, SLOW_4G);
  await page.goto('/video');
  const select = page.getByRole('dialog', { name: 'Кто будет смотреть?' });
  const lessons = page.locator('article').first();
  await select.or(lessons).waitFor();
  if (await select.isVisible()) {
    await select.getByRole('button', { name: childName }).click();
    await select.waitFor({ state: 'detached' });
  }
  // The player's code and hls.js come in idle time once the list shows (about 1.2 s on this line).
  await page.waitForFunction(
    () =>
      performance
        .getEntriesByType('resource')
        .some(
          (entry) =>
            /\/hls\.light-/.test(entry.name) &&
            (entry as PerformanceResourceTiming).responseEnd > 0,
        ),
    null,
    { timeout: 10_000 },
  );
  await lessons.getByRole('button').first().click();
  const play = page.getByRole('button', { name: /Смотреть урок/ });
  // The moment the button shows: the stream's first bytes may still be on their way.
  await play.waitFor();
  await page.evaluate(() => ((window as unknown as Marks).armed = true));
  await play.click();
  await page.waitForFunction(() => (window as unknown as Marks).frameAt !== undefined, null, {
    timeout: 20_000,
  });
  return page.evaluate(() => {
    const marks = window as unknown as Marks;
    return Math.round((marks.frameAt ?? 0) - (marks.tapAt ?? 0));
  });
}

/**
 * A child's lesson on a changing line: started as `startLesson` does; then Wi‑Fi until the picture climbs;
 * then 0.6 Mbit/s until the picture is back on the lowest rung and has played 6 s more. Returns what was
 * measured; judging is the caller's.
 */
export async function watchStream(page: Page, childName: string): Promise<StreamFigures> {
  const firstFrame = await startLesson(page, childName);

  // The family's Wi‑Fi: the player climbs, and the child sees a sharper picture.
  await throttle(page, WIFI);
  await page.waitForFunction(
    () => (window as unknown as Marks).heights.some(([, height]) => height > 360),
    null,
    { timeout: 30_000, polling: 250 },
  );
  // Out of range: the line drops mid-lesson and the player steps down.
  const droppedAt = await sinceTap(page);
  await throttle(page, WEAK);
  // The lower picture shows once what came on the good line has played (the player keeps up to 30 s
  // ahead; seen: about 10 s); the child then watches a few more seconds of it.
  await page.waitForFunction(
    () => {
      const shown = (window as unknown as Marks).heights.map(([, height]) => height);
      const top = Math.max(...shown);
      return top > 360 && shown.slice(shown.indexOf(top)).includes(360);
    },
    null,
    { timeout: 70_000, polling: 500 },
  );
  const switchedAt = await page.evaluate(() => document.querySelector('video')?.currentTime ?? 0);
  await page.waitForFunction(
    (from) => (document.querySelector('video')?.currentTime ?? 0) >= from + 6,
    switchedAt,
    { timeout: 20_000 },
  );

  const fetched = await segments(page);
  const marks = await page.evaluate(() => {
    const m = window as unknown as Marks;
    const open = m.waitingAt === undefined ? [] : [performance.now() - m.waitingAt];
    return { stalls: [...m.stalls, ...open].map(Math.round), heights: m.heights };
  });
  // Whole segments only: a request the player abandoned carries its headers alone.
  const lowest = fetched.filter((s) => s.height === LOWEST && s.bytes > 10_000);
  return {
    firstFrameMs: firstFrame,
    stallsMs: marks.stalls,
    longestStallMs: Math.max(0, ...marks.stalls),
    lowestMbPerMinute:
      lowest.reduce((sum, s) => sum + s.bytes, 0) / lowest.length / (SEGMENT_S / 60) / 1_000_000,
    shownHeights: marks.heights.map(([, height]) => height),
    steppedDown: fetched.some((s) => s.startedAt > droppedAt && s.height === LOWEST),
    fetchedByTheElement: fetched.filter((s) => s.initiator === 'video').length,
    story: fetched
      .map((s) => `${s.height}p #${s.index} ${s.startedAt}…${s.endedAt} ms ${s.bytes} B`)
      .join('\n'),
    links: await tamperedLinks(page, fetched[0]?.url ?? ''),
  };
}

/** A segment's and the master playlist's link as fetched, and each with one character changed. */
async function tamperedLinks(page: Page, segment: string): Promise<StreamFigures['links']> {
  const master = await page.evaluate(
    () =>
      performance
        .getEntriesByType('resource')
        .map((entry) => entry.name)
        .find((name) => name.endsWith('/master.m3u8')) ?? '',
  );
  return page.evaluate(
    async ({ segment: link, master: playlist }) => {
      // The last character of the signature becomes another one.
      const segmentTampered = link.replace(
        /signature=[^&]+/,
        (part) => part.slice(0, -1) + (part.endsWith('A') ? 'B' : 'A'),
      );
      const masterTampered = playlist.replace(
        /\/\d+-[0-9A-Za-z_-]+(?=\/)/,
        (part) => part.slice(0, -1) + (part.endsWith('A') ? 'B' : 'A'),
      );
      return {
        segment: (await fetch(link)).status,
        segmentTampered: (await fetch(segmentTampered)).status,
        master: (await fetch(playlist)).status,
        masterTampered: (await fetch(masterTampered)).status,
      };
    },
    { segment, master },
  );
}

export interface ResumeFigures {
  firstFrameMs: number;
  /** Where the picture started, in seconds of the lesson. */
  startedAtSeconds: number;
}

/** The same lesson opened again in a new page: it resumes where the child stopped. */
export async function resumeStream(page: Page, childName: string): Promise<ResumeFigures> {
  const firstFrameMs = await startLesson(page, childName);
  const startedAtSeconds = await page.evaluate(
    () => document.querySelector('video')?.currentTime ?? 0,
  );
  return { firstFrameMs, startedAtSeconds };
}
