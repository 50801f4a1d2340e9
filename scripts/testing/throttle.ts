// A mobile line for a page, through the DevTools protocol: what a parent's phone gets on a common mobile
// network (Lighthouse's mobile figures: 1.6 Mbit/s down, 750 kbit/s up, 150 ms round trip).
import type { CDPSession, Page } from 'playwright-core';

export interface Line {
  downMbps: number;
  upMbps: number;
  rttMs: number;
}

export const SLOW_4G: Line = { downMbps: 1.6, upMbps: 0.75, rttMs: 150 };

/** One DevTools session a page: a second session's conditions would not replace the first one's. */
const sessions = new WeakMap<Page, CDPSession>();

/** Throttles every request of the page from now on; calling it again changes the line mid-journey. */
export async function throttle(page: Page, line: Line): Promise<void> {
  let cdp = sessions.get(page);
  if (!cdp) {
    cdp = await page.context().newCDPSession(page);
    sessions.set(page, cdp);
    await cdp.send('Network.enable');
  }
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: line.rttMs,
    downloadThroughput: (line.downMbps * 1_000_000) / 8,
    uploadThroughput: (line.upMbps * 1_000_000) / 8,
  });
}
