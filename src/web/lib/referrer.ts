import { STORAGE_KEYS, writeStorage } from './storage-keys';

const REF_PARAM = 'ref';
const REF_COOKIE_DAYS = 30;

/** SPEC §3: a referral code from `?ref=` is kept in storage and in a `ref` cookie for registration. */
export function rememberReferrer(search: string = window.location.search): void {
  const code = new URLSearchParams(search).get(REF_PARAM)?.trim();
  if (!code || code.length > 100) return;
  writeStorage(STORAGE_KEYS.referrerCode, code);
  document.cookie = `ref=${encodeURIComponent(code)}; path=/; max-age=${REF_COOKIE_DAYS * 86_400}; samesite=lax`;
}
