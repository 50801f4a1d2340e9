// The landing's initial JavaScript as a browser downloads it: `/` opened at 375 px in a fresh Chromium
// context (no cache) from a server with its compression on, every script response counted until the
// network is idle and before the first scroll — what a parent's phone pays before doing anything. Bytes
// on the wire of the response bodies, compressed as the server sent them. Used by e2e/budget.e2e.ts
// (fails above the budget) and `npm run bench` (prints it).
import type { Browser, Request } from 'playwright-core';

/** Landing's JavaScript before the first scroll, compressed, as downloaded. */
export const LANDING_JS_BUDGET_KB = 150;

export interface ScriptDownload {
  url: string;
  /** Body bytes on the wire (after content-encoding). */
  bytes: number;
  /** gzip, br… or «none». */
  encoding: string;
}

export interface LandingJsWeight {
  kb: number;
  /** Largest first. */
  scripts: ScriptDownload[];
}

async function download(request: Request): Promise<ScriptDownload> {
  const [sizes, response] = await Promise.all([request.sizes(), request.response()]);
  const encoding = (await response?.headerValue('content-encoding')) ?? 'none';
  return { url: request.url(), bytes: sizes.responseBodySize, encoding };
}

export async function measureLandingJs(
  browser: Browser,
  baseUrl: string,
): Promise<LandingJsWeight> {
  const context = await browser.newContext({
    baseURL: baseUrl,
    viewport: { width: 375, height: 812 },
    locale: 'ru-RU',
  });
  try {
    const page = await context.newPage();
    const downloads: Promise<ScriptDownload>[] = [];
    page.on('requestfinished', (request) => {
      if (request.resourceType() === 'script') downloads.push(download(request));
    });
    // Nothing scrolls the page here: the lower sections' own code loads only if fetched ahead.
    await page.goto('/', { waitUntil: 'networkidle' });
    const scripts = (await Promise.all(downloads)).sort((a, b) => b.bytes - a.bytes);
    const bytes = scripts.reduce((sum, script) => sum + script.bytes, 0);
    return { kb: bytes / 1024, scripts };
  } finally {
    await context.close();
  }
}

/**
 * «Landing JS before the first scroll, as downloaded (br): 198.4 KB in 26 scripts, budget 150 KB;
 * largest: index 111.3 KB, client 28.7 KB, common 25.4 KB».
 */
export function describeWeight(weight: LandingJsWeight): string {
  const encodings = [...new Set(weight.scripts.map((script) => script.encoding))].join(', ');
  const largest = weight.scripts
    .slice(0, 4)
    .map((script) => {
      const name = (script.url.split('/').pop() ?? script.url).replace(/-[\w-]{8}\.js$/, '');
      return `${name} ${(script.bytes / 1024).toFixed(1)} KB`;
    })
    .join(', ');
  return (
    `Landing JS before the first scroll, as downloaded (${encodings}): ${weight.kb.toFixed(1)} KB in ` +
    `${weight.scripts.length} scripts, budget ${LANDING_JS_BUDGET_KB} KB; largest: ${largest}`
  );
}
