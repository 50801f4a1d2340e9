// Sends a cached answer: ETag, a revalidation policy, 304 when the browser already holds this version, and
// the body compressed once per cache fill rather than per request.
import type { FastifyReply, FastifyRequest } from 'fastify';
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

export function sendCached<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  cached: Cached<T>,
  cacheControl: string = REVALIDATE,
): FastifyReply {
  const wanted = preferredEncoding(request.headers['accept-encoding']);
  const body = wanted === null ? null : cached.compressed(wanted);
  const encoding = body === null ? null : wanted;
  reply.header('cache-control', cacheControl);
  reply.header('vary', 'accept-encoding');
  reply.header('etag', taggedFor(cached.etag, encoding));
  if (alreadyHeld(request.headers['if-none-match'], cached.etag)) {
    return reply.code(304).send();
  }
  reply.header('content-type', JSON_TYPE);
  if (encoding === null || body === null) return reply.send(cached.json);
  reply.header('content-encoding', encoding);
  return reply.send(body);
}
