// A server-rendered page is a guest's until the app takes up a stored login: what then changes must not
// move what a parent may be tapping. These measure the same things for a guest and for a signed-in parent.
import type { Browser, Locator, Page } from 'playwright-core';
import { newPage, startApp, storeToken, type Viewport } from './browser';

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

export async function boxOf(locator: Locator): Promise<Box> {
  const box = await locator.boundingBox();
  if (!box) throw new Error(`${locator.toString()} has no box`);
  return box;
}

export interface GuestAndParentOptions {
  browser: Browser;
  baseUrl: string;
  /** The signed-in parent's login token. */
  token: string;
  viewport: Viewport;
  path: string;
  /** Waits, for the parent, until their page has settled, then measures. */
  measure: (page: Page, parent: boolean) => Promise<Box[]>;
}

/** The boxes `measure` finds on a guest's page, then on the parent's, each in a fresh context. */
export async function guestAndParentBoxes(options: GuestAndParentOptions): Promise<[Box[], Box[]]> {
  const { browser, baseUrl, token, viewport, path, measure } = options;
  const boxes: Box[][] = [];
  for (const parent of [false, true]) {
    const { context, page } = await newPage(browser, baseUrl, viewport);
    try {
      if (parent) await storeToken(context, token);
      await page.goto(path);
      await startApp(page);
      await page.evaluate(() => document.fonts.ready);
      boxes.push(await measure(page, parent));
    } finally {
      await context.close();
    }
  }
  return [boxes[0] ?? [], boxes[1] ?? []];
}
