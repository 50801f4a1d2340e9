// Signed, short-lived media URLs of the local store: HMAC-SHA256 over the key and the expiry, so a URL
// opens one file until one moment and cannot be edited into another file or a later time.
import { createHmac, timingSafeEqual } from 'node:crypto';

export type SignatureCheck = 'valid' | 'expired' | 'invalid';

export function mediaSignature(secret: string, key: string, expires: number): string {
  return createHmac('sha256', secret).update(`${key}\n${expires}`).digest('base64url');
}

export function checkMediaSignature(
  secret: string,
  key: string,
  expires: number,
  signature: string,
  now: Date,
): SignatureCheck {
  if (!Number.isSafeInteger(expires)) return 'invalid';
  const expected = Buffer.from(mediaSignature(secret, key, expires));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'invalid';
  // Checked after the signature, so a forged expiry learns nothing.
  return expires * 1000 <= now.getTime() ? 'expired' : 'valid';
}
