// The public pages' first load, counted the way a parent's phone pays for it: what Chromium downloads at
// 375 px, compressed by the server, before any touch, key or scroll. The pages come rendered from the
// server; the app that makes them interactive loads at the first interaction.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser } from './support/browser';
import {
  describeWeight,
  FIRST_LOAD_BUDGET_KB,
  FONT_FILES_BUDGET,
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

describe('first load budget', () => {
  for (const path of ['/', '/programs/main-program/four-five']) {
    it(`${path}: at most ${LANDING_JS_BUDGET_KB} KB of JavaScript, ${FONT_FILES_BUDGET} font files and ${FIRST_LOAD_BUDGET_KB} KB in all`, async () => {
      const weight = await measureLandingJs(browser, baseUrl, path);
      console.log(describeWeight(weight, path));
      // The server compresses every script: an uncompressed one would make the figure meaningless.
      expect(weight.scripts.length).toBeGreaterThan(0);
      for (const script of weight.scripts) {
        expect(script.encoding, script.url).toMatch(/^(br|gzip|deflate|zstd)$/);
        expect(script.bytes, script.url).toBeGreaterThan(0);
      }
      expect(weight.fonts.every((font) => font.url.endsWith('.woff2'))).toBe(true);
      expect(weight.fonts.length).toBeLessThanOrEqual(FONT_FILES_BUDGET);
      expect(weight.kb).toBeLessThanOrEqual(LANDING_JS_BUDGET_KB);
      expect(weight.totalKb).toBeLessThanOrEqual(FIRST_LOAD_BUDGET_KB);
    });
  }

  it('starts the app at the first touch: a button pressed before it is pressed again once it holds the page', async () => {
    const context = await browser.newContext({
      baseURL: baseUrl,
      viewport: { width: 375, height: 812 },
    });
    try {
      const page = await context.newPage();
      const scripts: string[] = [];
      page.on('request', (request) => {
        if (request.resourceType() === 'script') scripts.push(request.url());
      });
      await page.goto('/', { waitUntil: 'networkidle' });
      // Rendered on the server: the banner is there before any app code.
      await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toMatch(/\S/);
      expect(scripts.some((url) => url.includes('/landing-page-'))).toBe(false);
      await page.getByRole('button', { name: 'Открыть меню' }).click();
      await expect(
        page.getByRole('button', { name: 'Закрыть меню' }).waitFor({ timeout: 15_000 }),
      ).resolves.toBeUndefined();
      expect(scripts.some((url) => url.includes('/landing-page-'))).toBe(true);
    } finally {
      await context.close();
    }
  });
});
