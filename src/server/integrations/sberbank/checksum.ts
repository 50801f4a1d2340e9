// The gateway signs its callbacks with a shared key (Sberbank's "symmetric checksum"): drop `checksum` and
// `sign_alias`, sort the rest by name, join as `name;value;`, HMAC-SHA256, hex in upper case.
import { createHmac, timingSafeEqual } from 'node:crypto';

const UNSIGNED = new Set(['checksum', 'sign_alias']);

export function callbackSigningString(params: Record<string, string>): string {
  return Object.keys(params)
    .filter((name) => !UNSIGNED.has(name))
    .sort()
    .map((name) => `${name};${params[name]};`)
    .join('');
}

export function callbackChecksum(params: Record<string, string>, key: string): string {
  return createHmac('sha256', key)
    .update(callbackSigningString(params), 'utf8')
    .digest('hex')
    .toUpperCase();
}

/** Constant-time comparison; a missing or malformed checksum is simply not valid. */
export function hasValidChecksum(params: Record<string, string>, key: string): boolean {
  const given = params.checksum;
  if (typeof given !== 'string' || !/^[0-9a-fA-F]{64}$/.test(given)) return false;
  const expected = Buffer.from(callbackChecksum(params, key), 'hex');
  return timingSafeEqual(expected, Buffer.from(given, 'hex'));
}
