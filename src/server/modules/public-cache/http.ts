// Sends a cached answer: ETag, a revalidation policy, 304 when the browser already holds this version, and
// the body compressed once per cache fill rather than per request.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { isCanonicalUrl } from './canonical-url';
import type { Cached, Encoding } from './store';

/**
 * Browsers may keep the answer but must ask before each use: an editor's change shows on the next load, and
 * an unchanged answer costs a 304 without a body.
 */
export const REVALIDATE = 'public, max-age=0, must-revalidate';

const JSON_TYPE = 'application/json; charset=utf-8';

/** The representation's own tag: a compressed body is other bytes, so its strong tag differs. */
function taggedFor(etag: string, encoding: Encoding | null): string {
  return encoding === null ? etag : `${etag.slice(0, -1)}-${encoding === 'br' ? 'br' : 'gz'}"`;
}

/** If-None-Match names this answer in any of its encodings (weak comparison, as RFC 9110 asks). */
function alreadyHeld(header: string | undefined, etag: string): boolean {
  if (header === undefined) return false;
  const bare = etag.slice(1, -1);
  for (const part of header.split(',')) {
    const tag = part.trim();
    if (tag === '*') return true;
    const opaque = tag.startsWith('W/') ? tag.slice(2) : tag;
    if (opaque.length < 2 || !opaque.startsWith('"') || !opaque.endsWith('"')) continue;
    const value = opaque.slice(1, -1);
    if (value === bare || value === `${bare}-br` || value === `${bare}-gz`) return true;
  }
  return false;
}

const REFUSES_BR = /\bbr\s*;\s*q=0(?:\.0*)?\s*(?:,|$)/;
const REFUSES_GZIP = /\bgzip\s*;\s*q=0(?:\.0*)?\s*(?:,|$)/;

function preferredEncoding(header: string | string[] | undefined): Encoding | null {
  if (typeof header !== 'string') return null;
  if (header.includes('br') && !REFUSES_BR.test(header)) return 'br';
  if (header.includes('gzip') && !REFUSES_GZIP.test(header)) return 'gzip';
  return null;
}

/** A cached answer as it goes out to one request: status, the headers it owns, and the bytes. */
interface CachedAnswer {
  status: 200 | 304;
  headers: [string, string][];
  body: string | Buffer | null;
}

/**
 * The answer to one request from a cached entry: its encoding picked from Accept-Encoding, 304 when
 * If-None-Match already names it.
 */
function cachedAnswer(
  cached: Cached<unknown>,
  acceptEncoding: string | string[] | undefined,
  ifNoneMatch: string | undefined,
  cacheControl: string,
): CachedAnswer {
  const wanted = preferredEncoding(acceptEncoding);
  const compressed = wanted === null ? null : cached.compressed(wanted);
  const encoding = compressed === null ? null : wanted;
  const headers: [string, string][] = [
    ['cache-control', cacheControl],
    ['vary', 'accept-encoding'],
    ['etag', taggedFor(cached.etag, encoding)],
  ];
  if (alreadyHeld(ifNoneMatch, cached.etag)) return { status: 304, headers, body: null };
  headers.push(['content-type', JSON_TYPE]);
  if (encoding === null || compressed === null) return { status: 200, headers, body: cached.json };
  headers.push(['content-encoding', encoding]);
  return { status: 200, headers, body: compressed };
}

export interface SendCachedOptions {
  cacheControl?: string;
  /**
   * Whether the repeat path (repeat-path.ts) may answer this URL again from this entry while the entry is
   * current. Only for a public GET route with no guard or hook of its own — the repeat answers from an
   * app-wide onRequest hook, before the route's hooks (the app-wide guards run before it) — and whose
   * answer depends on nothing but the URL (not on the time, as the program outline's signed links do).
   */
  repeatable?: boolean;
}

/** A public read the repeat path may answer again (SendCachedOptions.repeatable). */
export const REPEATABLE: SendCachedOptions = { repeatable: true };

/** The one way a cached answer goes out: the public routes and the repeat path (repeat-path.ts) both call it. */
export function sendCached<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  cached: Cached<T>,
  options: SendCachedOptions = {},
): FastifyReply {
  const { cacheControl = REVALIDATE, repeatable = false } = options;
  const answer = cachedAnswer(
    cached,
    request.headers['accept-encoding'],
    request.headers['if-none-match'],
    cacheControl,
  );
  // Only the route's own spelling of the URL: made-up query parameters must not crowd out real URLs.
  if (repeatable && request.method === 'GET' && isCanonicalUrl(request)) {
    request.server.publicCache.rememberUrl(request.url, cached.key, cacheControl);
  }
  for (const [name, value] of answer.headers) reply.header(name, value);
  reply.code(answer.status);
  return answer.body === null ? reply.send() : reply.send(answer.body);
}
