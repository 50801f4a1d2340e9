// Cookies through @fastify/cookie: parsing (request.cookies) and reply.setCookie, instead of hand-written
// parsers and serialisers. The school's own cookies are HttpOnly, SameSite=Lax, and Secure on an https
// site; they tie a flow to the browser that started it and are never read by the page's script.
import cookie, { type CookieSerializeOptions } from '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

export async function registerCookies(app: FastifyInstance): Promise<void> {
  await app.register(cookie);
}

/**
 * On an https site (PUBLIC_URL) our cookies carry the `__Host-` prefix: the browser then accepts them
 * only Secure, for this exact host (no Domain) and on Path=/, so neither a sibling subdomain nor a
 * man-in-the-middle on plain http can plant one (cookie tossing into the login and sign-in bindings).
 * On plain http (localhost, the demo) the prefix would be refused, so the plain name and narrow path stay.
 */
export function hostOnlyCookies(publicUrl: string): boolean {
  return publicUrl.startsWith('https:');
}

/** A cookie of ours as the browser holds it on this site. */
export function ownCookieName(publicUrl: string, name: string): string {
  return hostOnlyCookies(publicUrl) ? `__Host-${name}` : name;
}

/**
 * Secure when the site is public over https (PUBLIC_URL) or this request came over https;
 * X-Forwarded-Proto counts only from a trusted proxy (TRUST_PROXY).
 */
export function ownCookieOptions(
  request: FastifyRequest,
  publicUrl: string,
  path: string,
  maxAgeSeconds: number,
): CookieSerializeOptions {
  return {
    path: hostOnlyCookies(publicUrl) ? '/' : path,
    maxAge: maxAgeSeconds,
    httpOnly: true,
    sameSite: 'lax',
    secure: hostOnlyCookies(publicUrl) || request.protocol === 'https',
  };
}

/** A cookie as sent, or undefined when absent or not of the expected shape. */
export function readCookie(
  request: FastifyRequest,
  name: string,
  pattern?: RegExp,
): string | undefined {
  const value = request.cookies[name];
  if (value === undefined) return undefined;
  return pattern && !pattern.test(value) ? undefined : value;
}

/** One of our own cookies (set with setOwnCookie), under its name on this site. */
export function readOwnCookie(
  request: FastifyRequest,
  publicUrl: string,
  name: string,
  pattern?: RegExp,
): string | undefined {
  return readCookie(request, ownCookieName(publicUrl, name), pattern);
}

export function setOwnCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  publicUrl: string,
  cookie: { name: string; value: string; path: string; maxAgeSeconds: number },
): void {
  reply.setCookie(
    ownCookieName(publicUrl, cookie.name),
    cookie.value,
    ownCookieOptions(request, publicUrl, cookie.path, cookie.maxAgeSeconds),
  );
}
