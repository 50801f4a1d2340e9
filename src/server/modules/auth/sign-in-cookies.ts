// The cookies that tie a social sign-in to the browser that started it (docs/ARCHITECTURE.md: no login CSRF).
// A sign-in state or a `/?usertoken=` code carried to another browser (a link in a mail, an <img>, an
// attacker's own half-finished sign-in) finds no matching cookie there and signs nobody in, links nothing.
// HttpOnly (no script reads them), SameSite=Lax (the provider's redirect back is a top-level GET, which
// carries them; a cross-site POST does not), Secure on an https site.
// They live with auth, below oauth: the `/?usertoken=` code is spent by auth's own route.
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { readOwnCookie, setOwnCookie } from '../../plugins/cookies';
import { TOKEN_PATTERN, randomToken } from './tokens';

/** A random value of the browser; the oauth_states row is keyed by the hash of state and binding. */
export const BINDING_COOKIE = 'oauth_binding';
/** Covers the start and the callbacks (/api/auth/{vk,fb}-oauth…); the rest of the API never gets it. */
export const BINDING_COOKIE_PATH = '/api/auth';
export const BINDING_COOKIE_MAX_AGE_S = 10 * 60;

/** The one-time code of `/?usertoken=`, so that only the browser that finished the sign-in can spend it. */
export const USERTOKEN_COOKIE = 'usertoken';
export const USERTOKEN_COOKIE_PATH = '/api/auth/usertoken';
export const USERTOKEN_COOKIE_MAX_AGE_S = 5 * 60;

/**
 * A new person's pending sign-up (oauth/signup.ts): only this browser reaches the consent step it leads to.
 * Lives as long as the pending row.
 */
export const SIGNUP_COOKIE = 'social_signup';
export const SIGNUP_COOKIE_PATH = '/api/auth/social-signup';
export const SIGNUP_COOKIE_MAX_AGE_S = 30 * 60;

/** The sign-in cookies of one request (see plugins/cookies.ts for their flags). */
export function signInCookies(request: FastifyRequest, reply: FastifyReply, publicUrl: string) {
  const set = (name: string, value: string, path: string, maxAgeSeconds: number) => {
    setOwnCookie(request, reply, publicUrl, { name, value, path, maxAgeSeconds });
  };
  /** Our cookies only ever hold 43-character tokens; anything else counts as no cookie. */
  const read = (name: string) => readOwnCookie(request, publicUrl, name, TOKEN_PATTERN);
  return {
    /**
     * The browser's binding for a new sign-in, set (or renewed) on the reply. A binding the browser
     * already holds is kept: a double click or a second tab must not strand the first sign-in.
     */
    issueBinding(): string {
      const binding = read(BINDING_COOKIE) ?? randomToken();
      set(BINDING_COOKIE, binding, BINDING_COOKIE_PATH, BINDING_COOKIE_MAX_AGE_S);
      return binding;
    },

    /** The binding this browser holds (undefined without one); the cookie is cleared on the reply. */
    takeBinding(): string | undefined {
      set(BINDING_COOKIE, '', BINDING_COOKIE_PATH, 0);
      return read(BINDING_COOKIE);
    },

    setUserToken(code: string): void {
      set(USERTOKEN_COOKIE, code, USERTOKEN_COOKIE_PATH, USERTOKEN_COOKIE_MAX_AGE_S);
    },

    setSignup(token: string): void {
      set(SIGNUP_COOKIE, token, SIGNUP_COOKIE_PATH, SIGNUP_COOKIE_MAX_AGE_S);
    },

    /** The pending sign-up this browser holds (undefined without one). */
    signup(): string | undefined {
      return read(SIGNUP_COOKIE);
    },

    /** The pending sign-up is over (accepted or refused): the cookie goes. */
    clearSignup(): void {
      set(SIGNUP_COOKIE, '', SIGNUP_COOKIE_PATH, 0);
    },

    /** The usertoken code this browser was given (undefined without one); cleared on the reply. */
    takeUserToken(): string | undefined {
      set(USERTOKEN_COOKIE, '', USERTOKEN_COOKIE_PATH, 0);
      return read(USERTOKEN_COOKIE);
    },
  };
}

/** Equality of two secrets that takes the same time wherever they differ (and whatever their lengths). */
export function sameSecret(a: string | undefined, b: string | undefined): boolean {
  if (a === undefined || b === undefined) return false;
  const digest = (s: string) => createHash('sha256').update(s).digest();
  return timingSafeEqual(digest(a), digest(b));
}
