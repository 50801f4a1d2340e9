// What the service worker does with a request, decided from the request alone (no worker APIs here, so it
// is tested like any function). docs/DECISIONS.md «The service worker» says why each line is as it is.

/** The page the worker shows for a page it could not fetch. */
export const OFFLINE_PAGE = '/offline.html';

/** The worker's own caches are named with this prefix; any other cache is someone else's. */
export const CACHE_PREFIX = 'umnyashki-precache-';

/** The message a page sends a waiting worker when the parent accepts the new version. */
export const ACCEPT_UPDATE = 'accept-update';

/**
 * Never answered by the worker, not even from a cache: the API's answers are a family's private data (and
 * must be fresh), the back office is staff-only, lesson videos and posters are large and streamed by range,
 * and the sandboxes are the bank's and the providers' stand-ins.
 */
const PASS_THROUGH = ['/api', '/admin', '/media', '/sandbox'];

export type Strategy =
  /** Left to the browser: the worker does not call respondWith. */
  | 'network'
  /** A page: the network, and the offline page when it cannot be reached. */
  | 'page'
  /** A file of this build: from the precache, the network only if it is missing there. */
  | 'precached';

export interface RequestFacts {
  method: string;
  url: string;
  /** Request.mode: 'navigate' for a page the browser opens. */
  mode: string;
}

const under = (path: string, prefix: string) => path === prefix || path.startsWith(`${prefix}/`);

export function strategyFor(
  request: RequestFacts,
  origin: string,
  precached: ReadonlySet<string>,
): Strategy {
  if (request.method !== 'GET') return 'network';
  const url = new URL(request.url);
  if (url.origin !== origin) return 'network';
  if (PASS_THROUGH.some((prefix) => under(url.pathname, prefix))) return 'network';
  if (request.mode === 'navigate') return 'page';
  // A query makes it another request (a cache-busting one): the server decides.
  if (url.search === '' && precached.has(url.pathname)) return 'precached';
  return 'network';
}

/** The cache of one build: its name changes whenever the list of files does. */
export function precacheName(version: string): string {
  return `${CACHE_PREFIX}${version}`;
}

/** The caches an activated worker removes: its own older builds', never another's. */
export function staleCaches(names: readonly string[], current: string): string[] {
  return names.filter((name) => name.startsWith(CACHE_PREFIX) && name !== current);
}
