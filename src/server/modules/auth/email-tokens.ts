// Links sent by mail (email confirmation, password reset): 32 random bytes in the link, their SHA-256 in
// the database, an expiry, and used_at once followed — so each link works once.
import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { emailTokens, type EmailTokenPurpose } from '../../db/schema/index';
import type { Clock } from '../../deps';
import { TOKEN_PATTERN, randomToken, sha256 } from './tokens';

export const EMAIL_TOKEN_TTL_MS: Record<EmailTokenPurpose, number> = {
  verify_email: 24 * 60 * 60 * 1000,
  password_reset: 60 * 60 * 1000,
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
}: Ctx & { userId: number; purpose: EmailTokenPurpose }): Promise<string> {
  const token = randomToken();
  const now = clock();
  await db.insert(emailTokens).values({
    userId,
    purpose,
    tokenHash: sha256(token),
    createdAt: now,
    expiresAt: new Date(now.getTime() + EMAIL_TOKEN_TTL_MS[purpose]),
  });
  return token;
}

export type SpendResult =
  | { status: 'ok'; userId: number }
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
    .returning({ userId: emailTokens.userId });
  if (spent) return { status: 'ok', userId: spent.userId };

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
