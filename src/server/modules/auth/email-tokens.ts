// Links sent by mail (email confirmation, password reset): 32 random bytes in the link, their SHA-256 in
// the database, an expiry, and used_at once followed — so each link works once.
import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { emailTokens, type EmailTokenPurpose } from '../../db/schema/index';
import type { Clock } from '../../deps';
import { TOKEN_PATTERN, randomToken, sha256 } from './tokens';

/** What a confirmation link that cannot be used says, for registration and an added address alike. */
export const VERIFICATION_MESSAGES = {
  unknown: 'Ссылка для подтверждения недействительна. Запросите новую в личном кабинете',
  expired: 'Срок действия ссылки истёк. Запросите новую в личном кабинете',
  used: 'Эта ссылка уже использована',
  alreadyConfirmed: 'Адрес уже подтверждён — эта ссылка больше не нужна',
} as const;

/** The page a confirmation letter's link opens. */
export function confirmationUrl(publicUrl: string, token: string): string {
  return `${publicUrl}/confirmed?verified_token=${token}`;
}

export const EMAIL_TOKEN_TTL_MS: Record<EmailTokenPurpose, number> = {
  verify_email: 24 * 60 * 60 * 1000,
  password_reset: 60 * 60 * 1000,
  add_email: 24 * 60 * 60 * 1000,
};

/** Used and expired links are kept this long so a late click still hears «expired» or «used». */
const KEEP_SPENT_MS = 7 * 24 * 60 * 60 * 1000;

interface Ctx {
  db: Database;
  clock: Clock;
}

export async function issueEmailToken({
  db,
  clock,
  userId,
  purpose,
  email = null,
}: Ctx & {
  userId: number;
  purpose: EmailTokenPurpose;
  /** add_email: the address the link confirms. */
  email?: string | null;
}): Promise<string> {
  const token = randomToken();
  const now = clock();
  await db.insert(emailTokens).values({
    userId,
    purpose,
    email,
    tokenHash: sha256(token),
    createdAt: now,
    expiresAt: new Date(now.getTime() + EMAIL_TOKEN_TTL_MS[purpose]),
  });
  return token;
}

export type SpendResult =
  | { status: 'ok'; userId: number; email: string | null }
  | { status: 'expired' | 'used'; userId: number }
  | { status: 'unknown' };

/**
 * Marks a link as followed and says whose it is. Marking and checking are one statement, so two clicks at
 * the same moment cannot both succeed.
 */
export async function spendEmailToken({
  db,
  clock,
  token,
  purpose,
}: Ctx & { token: string; purpose: EmailTokenPurpose }): Promise<SpendResult> {
  if (!TOKEN_PATTERN.test(token)) return { status: 'unknown' };
  const now = clock();
  const hash = sha256(token);
  const [spent] = await db
    .update(emailTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(emailTokens.tokenHash, hash),
        eq(emailTokens.purpose, purpose),
        isNull(emailTokens.usedAt),
        gt(emailTokens.expiresAt, now),
      ),
    )
    .returning({ userId: emailTokens.userId, email: emailTokens.email });
  if (spent) return { status: 'ok', userId: spent.userId, email: spent.email };

  const [row] = await db
    .select({ userId: emailTokens.userId, usedAt: emailTokens.usedAt })
    .from(emailTokens)
    .where(and(eq(emailTokens.tokenHash, hash), eq(emailTokens.purpose, purpose)))
    .limit(1);
  if (!row) return { status: 'unknown' };
  return { status: row.usedAt ? 'used' : 'expired', userId: row.userId };
}

/** Every other unused link of that purpose stops working (after a password reset, say). */
export async function spendAllEmailTokens({
  db,
  clock,
  userId,
  purpose,
}: Ctx & { userId: number; purpose: EmailTokenPurpose }): Promise<void> {
  await db
    .update(emailTokens)
    .set({ usedAt: clock() })
    .where(
      and(
        eq(emailTokens.userId, userId),
        eq(emailTokens.purpose, purpose),
        isNull(emailTokens.usedAt),
      ),
    );
}

export async function sweepSpentEmailTokens({ db, clock }: Ctx): Promise<void> {
  await db
    .delete(emailTokens)
    .where(lt(emailTokens.expiresAt, new Date(clock().getTime() - KEEP_SPENT_MS)));
}
