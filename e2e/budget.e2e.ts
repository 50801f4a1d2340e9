// The landing's JavaScript budget, counted the way a parent's phone pays for it: the scripts Chromium
// downloads for `/` at 375 px, compressed by the server, before the first scroll.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser } from './support/browser';
import {
  describeWeight,
  LANDING_JS_BUDGET_KB,
  measureLandingJs,
} from '../scripts/landing-js-weight';

const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

describe('landing JavaScript budget', () => {
  it(`downloads at most ${LANDING_JS_BUDGET_KB} KB of compressed JavaScript before the first scroll`, async () => {
    const weight = await measureLandingJs(browser, baseUrl);
    console.log(describeWeight(weight));
    // The server compresses every script: an uncompressed one would make the figure meaningless.
    expect(weight.scripts.length).toBeGreaterThan(0);
    for (const script of weight.scripts) {
      expect(script.encoding, script.url).toMatch(/^(br|gzip|deflate|zstd)$/);
      expect(script.bytes, script.url).toBeGreaterThan(0);
    }
    expect(weight.scripts.some((script) => script.url.includes('/landing-page-'))).toBe(true);
    // The lesson player (Vidstack) loads with the video page only.
    expect(
      weight.scripts.filter((script) => /lesson-player|vidstack|video-page/.test(script.url)),
    ).toEqual([]);
    expect(weight.kb).toBeLessThanOrEqual(LANDING_JS_BUDGET_KB);
  });
});
