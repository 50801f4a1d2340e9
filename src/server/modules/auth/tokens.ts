import { createHash, randomBytes } from 'node:crypto';

/** 32 random bytes, base64url: 43 characters, nothing to guess. */
export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

export const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** What the database keeps instead of a token or code. */
export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}
