// Gift certificates: a code that is the gift itself. Twelve characters from an alphabet without look-alikes
// (no 0/O, 1/I/L) — 31^12 ≈ 8·10^17 codes, drawn by the system's CSPRNG — so a code cannot be guessed, only
// given; activation is rate-limited on top. Valid 365 days from purchase.
import { randomInt } from 'node:crypto';
import type { Database } from '../../db/client';
import { giftCertificates } from '../../db/schema/index';

export const CERTIFICATE_VALID_DAYS = 365;
const ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
const GROUPS = 3;
const GROUP_LENGTH = 4;

/** "7KQM-2X9D-HT4W": groups of four, easy to read aloud and to type on a phone. */
export function newCertificateCode(): string {
  const groups: string[] = [];
  for (let g = 0; g < GROUPS; g += 1) {
    let group = '';
    for (let i = 0; i < GROUP_LENGTH; i += 1) group += ALPHABET[randomInt(ALPHABET.length)];
    groups.push(group);
  }
  return groups.join('-');
}

/** What a parent types, made comparable: upper case, dashes and spaces ignored, regrouped. */
export function normalizeCertificateCode(input: string): string {
  const bare = input.toUpperCase().replace(/[\s-]+/g, '');
  return bare.match(/.{1,4}/g)?.join('-') ?? '';
}

export type CertificateRow = typeof giftCertificates.$inferSelect;

/** The certificate of a paid gift purchase; running twice for one purchase creates one. */
export async function createCertificate(
  db: Database,
  {
    purchaseId,
    buyerId,
    tariffId,
    now,
  }: { purchaseId: number; buyerId: number | null; tariffId: number; now: Date },
): Promise<CertificateRow | null> {
  const [row] = await db
    .insert(giftCertificates)
    .values({
      purchaseId,
      buyerId,
      tariffId,
      code: newCertificateCode(),
      expiresAt: new Date(now.getTime() + CERTIFICATE_VALID_DAYS * 24 * 3_600_000),
    })
    .onConflictDoNothing({ target: giftCertificates.purchaseId })
    .returning();
  return row ?? null;
}
