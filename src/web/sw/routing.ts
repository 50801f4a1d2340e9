// What the service worker does with a request, decided from the request alone (no worker APIs here, so it
// is tested like any function). docs/DECISIONS.md «The service worker» says why each line is as it is.

/** The page the worker shows for a page it could not fetch. */
export const OFFLINE_PAGE = '/offline.html';

/** The page to show when `path` could not be fetched: the video page's shell for /video, else OFFLINE_PAGE. */
export function fallbackFor(path: string): string {
  return path === VIDEO_SHELL ? VIDEO_SHELL : OFFLINE_PAGE;
}

/** The worker's own caches are named with this prefix; any other cache (the kept lessons' too) it leaves. */
export const CACHE_PREFIX = 'umnyashki-precache-';

/**
 * Lessons kept for the road (docs/OFFLINE-LESSONS.md): the page stores their playlist,
 * segments, poster and subtitles in this cache under addresses of this prefix, and the worker answers
 * them from it — with the network or without — and never from anywhere else.
 */
export const KEPT_PREFIX = '/offline-lessons/';
export const KEPT_CACHE = 'umnyashki-kept-lessons';
/**
 * The worker's answers under KEPT_PREFIX carry this header: the page asks for a file that does not exist
 * and learns whether the worker in charge keeps lessons (an older one, or none, lets the server answer).
 */
export const KEPT_HEADER = 'x-kept-lessons';

/**
 * The video page's own address: precached with the build, it is what the worker opens when /video cannot
 * be fetched, so kept lessons play with no network at all. The server answers it with the app's shell.
 */
export const VIDEO_SHELL = '/video';

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
  | 'precached'
  /** A kept lesson's file: from the kept lessons' cache only. */
  | 'kept';

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
  if (url.pathname.startsWith(KEPT_PREFIX)) return 'kept';
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
