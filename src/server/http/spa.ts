// The built SPA: hashed assets cached for a year, pages never cached. Every GET that is not an API or
// sandbox path is a page (history mode): a public one rendered on the server (src/server/ssr/), any other
// the SPA shell, index.html.
import { existsSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FetchApi } from '@contract/ssr';
import { errorBody } from '../plugins/errors';
import {
  createPageRenderer,
  isServerRendered,
  RenderBusyError,
  type PageRenderer,
} from '../ssr/page-renderer';
import { seoRoutes } from '../ssr/seo-routes';
import { structuredDataFor } from '../ssr/structured-data';

export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const NO_CACHE = 'no-cache';
/** The web app manifest's own type (docs/PRODUCT.md «The installable app»). */
export const MANIFEST_TYPE = 'application/manifest+json; charset=utf-8';

/**
 * Files at the site's root that must be asked for again each time: the service worker (the browser checks
 * it for a new version, and a cached copy would hold an old one back), the offline page and its script, and
 * the manifest — none of them carries a hash in its name.
 */
const REVALIDATED = new Set(['sw.js', 'offline.html', 'offline.js', 'manifest.webmanifest']);

const NOT_SPA = ['/api/', '/sandbox/', '/assets/'];

/**
 * What a client that called something we do not have shows a parent (a link from an old letter, a screen
 * ahead of its server): a plain sentence with what to do next — no method, no path, no «API».
 */
export const UNKNOWN_API_CALL =
  'Этого действия на сайте пока нет. Обновите страницу, а если не поможет — напишите в поддержку.';
export const PAGE_NOT_FOUND = 'Такой страницы нет. Проверьте адрес или начните с главной.';

/** The codings a client accepts, `;q=0` ones left out. */
function acceptedEncodings(header: string | undefined): Set<string> {
  const accepted = new Set<string>();
  for (const part of (header ?? '').split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((param) => /^\s*q=([\d.]+)\s*$/.exec(param)?.[1]).find(Boolean);
    if (name && (q === undefined || Number(q) > 0)) accepted.add(name);
  }
  return accepted;
}

const isAdminPath = (path: string) => path === '/admin' || path.startsWith('/admin/');

function isSpaPath(path: string): boolean {
  if (path === '/api' || path === '/sandbox') return false;
  return !NOT_SPA.some((prefix) => path.startsWith(prefix));
}

export interface SpaOptions {
  webDir: string;
  /** The web's server bundle (vite build --ssr); without it every page is the SPA shell. */
  serverDir: string;
  publicUrl: string;
  /** Subscribes to editors' changes of public data (returns the unsubscribe): rendered pages are dropped. */
  onPublicChange?: (listener: () => void) => () => void;
}

/** The page renderer, made at the first page request (loading the bundle costs nothing until then). */
function lazyRenderer(app: FastifyInstance, options: SpaOptions) {
  const fetchApi: FetchApi = async (path) => {
    const answer = await app.inject({
      method: 'GET',
      url: path,
      headers: { accept: 'application/json' },
    });
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(answer.headers)) {
      if (typeof value === 'string') headers[name] = value;
    }
    return { status: answer.statusCode, body: answer.body, headers };
  };
  let renderer: Promise<PageRenderer | null> | undefined;
  let stopListening: (() => void) | undefined;
  app.addHook('onClose', async () => stopListening?.());
  return () =>
    (renderer ??= createPageRenderer({
      ...options,
      fetchApi,
      structuredData: structuredDataFor(options.publicUrl, fetchApi),
      logger: app.log,
    }).then(
      (pages) => {
        // An editor's change drops the rendered pages on every instance as it drops the data they show.
        if (pages) stopListening = options.onPublicChange?.(() => pages.invalidate());
        return pages;
      },
      (error: unknown) => {
        app.log.error({ err: error }, 'server rendering is off: the bundle did not load');
        return null;
      },
    ));
}

export async function registerSpa(app: FastifyInstance, options: SpaOptions): Promise<void> {
  const { webDir } = options;
  const hasIndex = existsSync(join(webDir, 'index.html'));
  const hasAdmin = existsSync(join(webDir, 'admin', 'index.html'));
  const renderer = lazyRenderer(app, options);
  await app.register(seoRoutes(options.publicUrl));
  if (existsSync(webDir)) {
    await app.register(fastifyStatic, {
      root: webDir,
      prefix: '/',
      // `/` is a page like any other (below), not a file.
      index: false,
      // The build writes .br and .gz twins at the highest settings (scripts/precompress-plugin.ts).
      preCompressed: true,
      setHeaders: (reply, filePath) => {
        // A compressed twin (`sw.js.br`) is the same file as far as caching and its type go.
        const rel = relative(webDir, filePath).replace(/\.(br|gz)$/, '');
        // Vite puts a content hash in every file name under assets/, so a name never changes meaning.
        if (rel.startsWith(`assets${sep}`)) reply.header('cache-control', IMMUTABLE);
        else if (rel.endsWith('index.html') || REVALIDATED.has(rel))
          reply.header('cache-control', NO_CACHE);
        if (rel === 'manifest.webmanifest') reply.header('content-type', MANIFEST_TYPE);
      },
    });
  }

  async function sendPage(request: FastifyRequest, reply: FastifyReply, path: string) {
    // The back office is an app of its own, with its own page.
    if (isAdminPath(path)) {
      return reply
        .header('cache-control', NO_CACHE)
        .sendFile(hasAdmin ? 'admin/index.html' : 'index.html');
    }
    // Joined as text: `//faq` must stay a path, not become the host of a protocol-relative address.
    const url = new URL(`http://school.invalid${request.url}`);
    const pages = isServerRendered(url) ? await renderer() : null;
    if (pages) {
      try {
        const page = await pages.render(url);
        reply.header('cache-control', NO_CACHE);
        if (page.location !== undefined) return reply.redirect(page.location, page.status);
        reply
          .status(page.status)
          .type('text/html; charset=utf-8')
          .header('vary', 'accept-encoding');
        const accepts = acceptedEncodings(request.headers['accept-encoding']);
        if (page.br && accepts.has('br'))
          return reply.header('content-encoding', 'br').send(page.br);
        if (page.gzip && accepts.has('gzip'))
          return reply.header('content-encoding', 'gzip').send(page.gzip);
        return reply.send(page.html);
      } catch (error) {
        // The SPA shell still shows the page: rendering it in the browser is what it did before.
        if (error instanceof RenderBusyError)
          request.log.debug({ path }, 'renders busy: the shell');
        else request.log.warn({ err: error, path }, 'server rendering failed: the shell');
      }
    }
    return reply.header('cache-control', NO_CACHE).sendFile('index.html');
  }

  // The static files' wildcard would take `/` for the folder; the landing is a page.
  if (hasIndex)
    app.get('/', { schema: { hide: true } }, (request, reply) => sendPage(request, reply, '/'));

  app.setNotFoundHandler(async (request: FastifyRequest, reply: FastifyReply) => {
    const path = request.url.split('?', 1)[0] ?? '/';
    const read = request.method === 'GET' || request.method === 'HEAD';
    if (read && hasIndex && isSpaPath(path)) return sendPage(request, reply, path);
    const detail = path.startsWith('/api')
      ? UNKNOWN_API_CALL
      : hasIndex || !read
        ? PAGE_NOT_FOUND
        : 'Интерфейс не собран: выполните npm run build';
    // The parent reads the message; the method and path go to the log (the request line has them at info).
    request.log.debug({ method: request.method, path }, 'no route');
    return reply.status(404).send(errorBody(404, detail));
  });
}
