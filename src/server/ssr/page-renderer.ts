// Public pages rendered on the server from the web's own server bundle, with their data: a crawler, a link
// preview and a parent on a slow phone get the page itself, not a spinner. The pages a visitor's login
// decides (the personal area, checkout, the video) stay the plain SPA shell: the server cannot know who is
// signed in (the token lives in the browser), and must not guess.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip as gzipCallback } from 'node:zlib';
import type { FastifyBaseLogger } from 'fastify';
import type { FetchApi, RenderResult, SsrBundle } from '@contract/ssr';
import { loadPageTemplate, type PageTemplate } from './page-template';

/** Private or login-dependent sections: the SPA shell, as before (and no place for a crawler). */
export const SHELL_ONLY = [
  '/personal',
  '/video',
  '/subscribe',
  '/subscribe-gift',
  '/gift',
  '/unsubscribe',
  '/skiped-weeks',
];

/** Query parameters that make the SPA act at once (a social sign-in code): never rendered ahead. */
const ACTING_PARAMS = ['usertoken'];

/**
 * Only a page's one spelling is rendered: `/FAQ`, `/faq/` or `//faq` (which the router matches alike)
 * get the shell, so a page never names several addresses as its canonical one, and a private section
 * cannot slip past SHELL_ONLY by its case.
 */
const isCanonicalSpelling = (pathname: string) =>
  pathname === pathname.toLowerCase() &&
  !pathname.includes('//') &&
  (pathname === '/' || !pathname.endsWith('/'));

export function isServerRendered(url: URL): boolean {
  const { pathname } = url;
  if (!isCanonicalSpelling(pathname)) return false;
  if (SHELL_ONLY.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`)))
    return false;
  return !ACTING_PARAMS.some((name) => url.searchParams.has(name));
}

export interface RenderedPage {
  status: number;
  /** A redirect's target, or the page's HTML. */
  location?: string;
  html?: string;
  /** The HTML compressed once per render, not once per request. */
  br?: Buffer;
  gzip?: Buffer;
}

export interface PageRendererOptions {
  webDir: string;
  serverDir: string;
  publicUrl: string;
  fetchApi: FetchApi;
  structuredData: (pathname: string) => Promise<string[]>;
  logger: FastifyBaseLogger;
  /** How long a rendered page is served again before it is rendered anew. */
  ttlMs?: number;
  /** How long a render may take before the page goes out as the SPA shell instead. */
  deadlineMs?: number;
  /** Renders in flight at once; more get the SPA shell. */
  maxRenders?: number;
  now?: () => number;
}

export interface PageRenderer {
  render(url: URL): Promise<RenderedPage>;
  /** Forget every rendered page: an editor changed what they show. */
  invalidate(): void;
}

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzipCallback);

// Editors' changes show within this time even without an invalidation.
const DEFAULT_TTL_MS = 5_000;
// Public pages are a few dozen addresses; a cap keeps random addresses from growing the map.
const MAX_ENTRIES = 300;
const DEFAULT_DEADLINE_MS = 3_000;
const DEFAULT_MAX_RENDERS = 2;

/** Too many renders in flight: this one is not attempted. */
export class RenderBusyError extends Error {
  override name = 'RenderBusyError';
}

async function loadBundle(serverDir: string): Promise<SsrBundle | null> {
  const file = join(serverDir, 'entry-server.js');
  if (!existsSync(file)) return null;
  return (await import(pathToFileURL(file).href)) as SsrBundle;
}

export async function createPageRenderer(
  options: PageRendererOptions,
): Promise<PageRenderer | null> {
  const loaded: PageTemplate | null = loadPageTemplate(options.webDir, options.publicUrl);
  if (!loaded) return null;
  const template = loaded;
  const found = await loadBundle(options.serverDir);
  if (!found) {
    options.logger.warn(
      'no server bundle in dist/server: public pages are served as the SPA shell',
    );
    return null;
  }
  const bundle = found;
  const ttl = options.ttlMs ?? DEFAULT_TTL_MS;
  const now = options.now ?? Date.now;
  const deadline = options.deadlineMs ?? DEFAULT_DEADLINE_MS;
  const maxRenders = options.maxRenders ?? DEFAULT_MAX_RENDERS;
  const cache = new Map<string, { until: number; page: Promise<RenderedPage> }>();
  let generation = 0;

  async function renderFresh(url: URL): Promise<RenderedPage> {
    const result: RenderResult = await bundle.render(url, options.fetchApi);
    if (result.kind === 'redirect') return { status: result.status, location: result.location };
    const structuredData = result.head.notFound ? [] : await options.structuredData(url.pathname);
    const html = template.page({ ...result, structuredData });
    const [br, gzip] = await Promise.all([
      brotli(html, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 9 } }),
      gzipped(html, { level: 9 }),
    ]);
    return { status: result.status, html, br, gzip };
  }

  let rendering = 0;

  /** A render that is not done in time is given up (the page goes out as the SPA shell). */
  function renderInTime(url: URL): Promise<RenderedPage> {
    rendering += 1;
    const work = renderFresh(url).finally(() => {
      rendering -= 1;
    });
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('the render took too long')), deadline);
    });
    return Promise.race([work, late]).finally(() => clearTimeout(timer));
  }

  return {
    render(url) {
      // The query never changes what the server renders (modals and forms read it in the browser).
      const key = url.pathname;
      const hit = cache.get(key);
      if (hit && hit.until > now()) return hit.page;
      // Renders cost tens of milliseconds of CPU: a few at a time, the rest get the shell at once, so a
      // flood of new addresses cannot starve the API (or a database that hangs, the whole process).
      if (rendering >= maxRenders) return Promise.reject(new RenderBusyError());
      const born = generation;
      const page = renderInTime(new URL(key, url));
      // The oldest address goes first: a run of new ones cannot flush the pages everyone reads.
      if (cache.size >= MAX_ENTRIES) {
        const oldest = cache.keys().next().value;
        if (oldest !== undefined) cache.delete(oldest);
      }
      cache.set(key, { until: now() + ttl, page });
      // Only pages are kept: a failed render, a redirect (cheap to answer again) or a page rendered before
      // an invalidation is not.
      const forget = () => {
        if (cache.get(key)?.page === page) cache.delete(key);
      };
      page.then((result) => {
        if (born !== generation || result.location !== undefined) forget();
      }, forget);
      return page;
    },
    invalidate() {
      generation += 1;
      cache.clear();
    },
  };
}
