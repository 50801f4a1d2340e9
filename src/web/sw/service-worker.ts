// The service worker, built into /sw.js by scripts/service-worker-plugin.ts, which fills in this build's
// files. Pages come from the network, the offline page when there is none; this build's hashed files come
// from the worker's cache; kept lessons come from their own cache; the API, the back office and the streamed
// videos are never touched (routing.ts). A new
// build's worker waits until the parent accepts it (src/web/app/service-worker.ts): the page never runs
// half old, half new code. docs/DECISIONS.md «The service worker».
import {
  ACCEPT_UPDATE,
  KEPT_CACHE,
  KEPT_HEADER,
  fallbackFor,
  precacheName,
  staleCaches,
  strategyFor,
} from './routing';

/** The build's files: the app shell and the school's hashed assets (never the back office's). */
declare const __PRECACHE__: readonly string[];
/** Changes whenever one of those files does. */
declare const __PRECACHE_VERSION__: string;

// The worker's own types: the project's TypeScript library is the DOM's, which the WebWorker one cannot join.
interface ExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface FetchEvent extends ExtendableEvent {
  readonly request: Request;
  respondWith(response: Promise<Response>): void;
}
interface ExtendableMessageEvent extends ExtendableEvent {
  readonly data: unknown;
}
interface WorkerScope {
  readonly location: { readonly origin: string };
  readonly clients: { claim(): Promise<void> };
  skipWaiting(): Promise<void>;
  addEventListener(type: 'install' | 'activate', listener: (event: ExtendableEvent) => void): void;
  addEventListener(type: 'fetch', listener: (event: FetchEvent) => void): void;
  addEventListener(type: 'message', listener: (event: ExtendableMessageEvent) => void): void;
}

const worker = self as unknown as WorkerScope;
const CACHE = precacheName(__PRECACHE_VERSION__);
const PRECACHED = new Set(__PRECACHE__);
// The precache holds one answer per address: the server's `Vary: Accept-Encoding` must not make a match miss.
const MATCH = { cacheName: CACHE, ignoreVary: true } as const;

worker.addEventListener('install', (event) => {
  // All or nothing: a file that does not arrive fails the install, and the browser tries again later,
  // while the working version goes on. No skipWaiting here: a new version waits for the parent's yes.
  event.waitUntil(
    caches.open(CACHE).then((cache) =>
      cache.addAll(
        __PRECACHE__.map(
          // A hashed file never changes, so the browser's HTTP cache may give it; the rest is revalidated.
          (path) =>
            new Request(path, { cache: path.startsWith('/assets/') ? 'default' : 'no-cache' }),
        ),
      ),
    ),
  );
});

worker.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const stale = staleCaches(await caches.keys(), CACHE);
      await Promise.all(stale.map((name) => caches.delete(name)));
      // The first worker takes the open pages at once: they run this very build, so nothing mixes. A new
      // build's worker gets here only after the parent accepted it, and that page reloads.
      await worker.clients.claim();
    })(),
  );
});

worker.addEventListener('message', (event) => {
  if (event.data === ACCEPT_UPDATE) event.waitUntil(worker.skipWaiting());
});

// No navigation preload: the navigations the worker leaves alone (the back office, the sandboxes) would
// then be requested twice.
async function page(request: Request): Promise<Response> {
  try {
    return await fetch(request);
  } catch {
    // No network: the video page's shell for /video (its kept lessons play without one), else the
    // friendly page, at the address the parent was opening (its button retries it).
    const fallback = fallbackFor(new URL(request.url).pathname);
    return (await caches.match(fallback, MATCH)) ?? Response.error();
  }
}

/** A kept lesson's file, from the kept lessons' cache only: a missing one is a plain 404. */
async function kept(request: Request): Promise<Response> {
  const cache = await caches.open(KEPT_CACHE);
  return (
    (await cache.match(request, { ignoreSearch: true, ignoreVary: true })) ??
    new Response('', { status: 404, statusText: 'Not Found', headers: { [KEPT_HEADER]: '1' } })
  );
}

async function precached(request: Request): Promise<Response> {
  return (await caches.match(request, MATCH)) ?? fetch(request);
}

worker.addEventListener('fetch', (event) => {
  const strategy = strategyFor(event.request, worker.location.origin, PRECACHED);
  if (strategy === 'page') event.respondWith(page(event.request));
  else if (strategy === 'precached') event.respondWith(precached(event.request));
  else if (strategy === 'kept') event.respondWith(kept(event.request));
  // Anything else is the browser's own business, as if there were no worker.
});
