// A public page's first load as a browser downloads it: opened at 375 px in a fresh Chromium context (no
// cache) from a server with its compression on, every response counted until the network is idle, with no
// touch, key or scroll — what a parent's phone pays before doing anything. Bytes on the wire of the
// response bodies, compressed as the server sent them. Used by e2e/budget.e2e.ts (fails above the
// budgets) and `npm run bench` (prints it).
import type { Browser, Request } from 'playwright-core';

/** JavaScript before any interaction, compressed, as downloaded. */
export const LANDING_JS_BUDGET_KB = 100;
/** The app a public page loads at the first interaction (gzip, from the build; scripts/bundle-report.ts). */
export const APP_JS_BUDGET_KB = 175;
/** Everything of the first load: the page, styles, fonts, scripts, pictures, data. */
export const FIRST_LOAD_BUDGET_KB = 250;
/** Font files of the first load: Cyrillic and Latin of one variable Nunito. */
export const FONT_FILES_BUDGET = 2;

export interface Download {
  url: string;
  type: string;
  /** Body bytes on the wire (after content-encoding). */
  bytes: number;
  /** gzip, br… or «none». */
  encoding: string;
}
export type ScriptDownload = Download;

export interface LandingJsWeight {
  /** JavaScript, KB. */
  kb: number;
  /** Scripts, largest first. */
  scripts: Download[];
  fonts: Download[];
  /** Every response of the first load, KB. */
  totalKb: number;
}

async function download(request: Request): Promise<Download> {
  const [sizes, response] = await Promise.all([request.sizes(), request.response()]);
  const encoding = (await response?.headerValue('content-encoding')) ?? 'none';
  return {
    url: request.url(),
    type: request.resourceType(),
    bytes: sizes.responseBodySize,
    encoding,
  };
}

const kb = (downloads: Download[]) => downloads.reduce((sum, item) => sum + item.bytes, 0) / 1024;

export async function measureLandingJs(
  browser: Browser,
  baseUrl: string,
  path = '/',
): Promise<LandingJsWeight> {
  const context = await browser.newContext({
    baseURL: baseUrl,
    viewport: { width: 375, height: 812 },
    locale: 'ru-RU',
  });
  try {
    const page = await context.newPage();
    const downloads: Promise<Download>[] = [];
    page.on('requestfinished', (request) => downloads.push(download(request)));
    await page.goto(path, { waitUntil: 'networkidle' });
    const all = (await Promise.all(downloads)).sort((a, b) => b.bytes - a.bytes);
    const scripts = all.filter((item) => item.type === 'script');
    const fonts = all.filter((item) => item.type === 'font');
    return { kb: kb(scripts), scripts, fonts, totalKb: kb(all) };
  } finally {
    await context.close();
  }
}

/**
 * «First load of /, as downloaded (br): 2.7 KB of JavaScript in 2 scripts (budget 100 KB), 2 font files
 * 42.0 KB, 60.8 KB in all (budget 250 KB)».
 */
export function describeWeight(weight: LandingJsWeight, path = '/'): string {
  const encodings = [...new Set(weight.scripts.map((script) => script.encoding))].join(', ');
  return (
    `First load of ${path}, as downloaded (${encodings || 'no scripts'}): ${weight.kb.toFixed(1)} KB of ` +
    `JavaScript in ${weight.scripts.length} scripts (budget ${LANDING_JS_BUDGET_KB} KB), ` +
    `${weight.fonts.length} font files ${kb(weight.fonts).toFixed(1)} KB, ` +
    `${weight.totalKb.toFixed(1)} KB in all (budget ${FIRST_LOAD_BUDGET_KB} KB)`
  );
}
