// PKCE (RFC 7636), S256 only: the verifier stays on our server, the provider sees its hash.
import { createHash, randomBytes } from 'node:crypto';

/** 32 random bytes in base64url: 43 characters, the shortest verifier RFC 7636 allows. */
export function createCodeVerifier(): string {
  return randomBytes(32).toString('base64url');
}

export function s256Challenge(verifier: string): string {
  return createHash('sha256').update(verifier).digest('base64url');
}

/** RFC 7636 §4.1: 43–128 characters of the unreserved set. */
export const CODE_VERIFIER_PATTERN = /^[A-Za-z0-9._~-]{43,128}$/;
