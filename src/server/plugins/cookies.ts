// Cookies through @fastify/cookie: parsing (request.cookies) and reply.setCookie, instead of hand-written
// parsers and serialisers. The school's own cookies are HttpOnly, SameSite=Lax, and Secure on an https
// site; they tie a flow to the browser that started it and are never read by the page's script.
import cookie, { type CookieSerializeOptions } from '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

export async function registerCookies(app: FastifyInstance): Promise<void> {
  await app.register(cookie);
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
    path,
    maxAge: maxAgeSeconds,
    httpOnly: true,
    sameSite: 'lax',
    secure: publicUrl.startsWith('https:') || request.protocol === 'https',
  };
}

/** A cookie of ours as sent, or undefined when absent or not of the expected shape. */
export function readCookie(
  request: FastifyRequest,
  name: string,
  pattern?: RegExp,
): string | undefined {
  const value = request.cookies[name];
  if (value === undefined) return undefined;
  return pattern && !pattern.test(value) ? undefined : value;
}

export function setOwnCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  publicUrl: string,
  cookie: { name: string; value: string; path: string; maxAgeSeconds: number },
): void {
  reply.setCookie(
    cookie.name,
    cookie.value,
    ownCookieOptions(request, publicUrl, cookie.path, cookie.maxAgeSeconds),
  );
}
