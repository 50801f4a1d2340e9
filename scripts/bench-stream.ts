// The adaptive stream in `npm run bench`: a school whose first lesson plays a ladder the school made
// (testing/ladder-school.ts), watched in Chromium on the changing line of testing/stream-watch.ts —
// 1.6 Mbit/s at the tap, Wi‑Fi, then 0.6 Mbit/s — at a phone's and a desktop's size, one after the other
// so neither shares the machine. Printed, never judged: e2e/adaptive-stream.e2e.ts holds the limits;
// docs/VIDEO-PERFORMANCE.md keeps what was seen.
import { existsSync } from 'node:fs';
import { launchBrowser } from './chromium';
import { table } from './bench-load';
import { startLadderSchool } from './testing/ladder-school';
import { watchStream } from './testing/stream-watch';

const CLIP_SECONDS = 90;
const SIZES = [
  { label: '375 px at 3×', viewport: { width: 375, height: 812 }, scale: 3 },
  { label: '1280 px', viewport: { width: 1280, height: 900 }, scale: 1 },
];

export async function printStreamFigures(): Promise<void> {
  if (!existsSync('dist/web/index.html')) {
    console.log('\nAdaptive stream not measured: run `npm run build` first');
    return;
  }
  const ladder = await startLadderSchool(CLIP_SECONDS);
  const browser = await launchBrowser();
  try {
    const rows: string[][] = [];
    for (const { label, viewport, scale } of SIZES) {
      const context = await browser.newContext({
        baseURL: ladder.school.baseUrl,
        viewport,
        deviceScaleFactor: scale,
        locale: 'ru-RU',
        serviceWorkers: 'block',
      });
      try {
        const family = await ladder.newFamily();
        await context.addInitScript((token: string) => {
          window.localStorage.setItem('user-token', token);
        }, family.token);
        const seen = await watchStream(await context.newPage(), family.childName);
        // Over the journey's 2 s: where the time went, segment by segment.
        if (seen.firstFrameMs > 2_000) {
          console.log(
            `${label}, the first segments:\n${seen.story.split('\n').slice(0, 4).join('\n')}`,
          );
        }
        rows.push([
          label,
          `${seen.firstFrameMs} ms`,
          `${seen.longestStallMs} ms (${seen.stallsMs.length})`,
          seen.shownHeights.join(' → '),
          `${seen.lowestMbPerMinute.toFixed(2)} MB`,
        ]);
      } finally {
        await context.close();
      }
    }
    console.log(
      "\n### A lesson's adaptive stream: 1.6 Mbit/s at the tap, Wi-Fi, then 0.6 Mbit/s\n",
    );
    console.log(
      table(
        [
          'size',
          'tap → first frame',
          'longest stall (count)',
          'picture heights',
          'lowest rung a minute',
        ],
        rows,
      ),
    );
  } finally {
    await browser.close();
    await ladder.stop();
  }
}
