import { hash, verify } from '@node-rs/argon2';

// argon2id (the library's default algorithm) with its defaults: 19 MiB, 2 passes — OWASP's minimum.
export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

let dummyHash: Promise<string> | undefined;

/**
 * Checks a password. With no stored hash (unknown e-mail, social-only account) it still spends the time
 * of one verification, so response times do not tell which e-mail addresses have accounts.
 */
export async function verifyPassword(
  storedHash: string | null,
  password: string,
): Promise<boolean> {
  if (storedHash === null) {
    dummyHash ??= hash('umnyashki-timing-equaliser');
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  try {
    return await verify(storedHash, password);
  } catch {
    return false;
  }
}
