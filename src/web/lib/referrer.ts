import { readStorage, STORAGE_KEYS, writeStorage } from './storage-keys';

const REF_PARAM = 'ref';
const REF_COOKIE = 'ref';
const REF_COOKIE_DAYS = 30;
const REF_MAX_LENGTH = 100;

/**
 * Query parameters that must never travel with the registration: one-time codes and addresses from mail
 * links and sign-in returns. Everything else of the page's query (ref, utm_*, …) is sent (docs/PRODUCT.md «Product rules»).
 */
const PRIVATE_PARAMS = new Set([
  'usertoken',
  'verified_token',
  'token',
  'email',
  'social_error',
  'linked',
]);

function cleanCode(value: string | null | undefined): string | null {
  const code = value?.trim();
  return code && code.length <= REF_MAX_LENGTH ? code : null;
}

/** docs/PRODUCT.md «Product rules»: a referral code from `?ref=` is kept in storage and in a `ref` cookie for registration. */
export function rememberReferrer(search: string = window.location.search): void {
  const code = cleanCode(new URLSearchParams(search).get(REF_PARAM));
  if (!code) return;
  writeStorage(STORAGE_KEYS.referrerCode, code);
  document.cookie = `${REF_COOKIE}=${encodeURIComponent(code)}; path=/; max-age=${REF_COOKIE_DAYS * 86_400}; samesite=lax`;
}

function cookieValue(name: string): string | null {
  for (const part of document.cookie.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) {
      try {
        return decodeURIComponent(rest.join('='));
      } catch {
        return null;
      }
    }
  }
  return null;
}

/** The remembered referral code: local storage first, then the cookie (storage may be cleared or off). */
export function readReferrer(): string | null {
  return cleanCode(readStorage(STORAGE_KEYS.referrerCode)) ?? cleanCode(cookieValue(REF_COOKIE));
}

/**
 * The query string sent with `POST /auth/register` (docs/PRODUCT.md «Product rules» "plus the page's query string"): the page's
 * own query without private values, and the remembered referral code when the page's address has none —
 * the parent may have come by a friend's link days ago or wandered off the landing since.
 */
export function registrationQuery(search: string = window.location.search): string {
  const params = new URLSearchParams(search);
  for (const key of [...params.keys()]) {
    if (PRIVATE_PARAMS.has(key)) params.delete(key);
  }
  if (!cleanCode(params.get(REF_PARAM))) {
    params.delete(REF_PARAM);
    const remembered = readReferrer();
    if (remembered) params.set(REF_PARAM, remembered);
  }
  return params.toString();
}
