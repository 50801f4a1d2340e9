// The end of a family's paid time, the lock every change of it takes, and the autopay charge date that
// follows it. Here, below payments, gifts and referrals, because each of them adds paid time.
import { and, eq, gt, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { familySubscriptions, subscriptionRenewals, users } from '../../db/schema/index';

/** Paid time: bought, gifted, or given for a friend invited; a trial is not paid time. */
export const PAID_SOURCES = ['purchase', 'gift', 'referral'] as const;

/**
 * The family's lock for every change of its paid time (purchase, certificate, pause, refund, days given):
 * the advisory lock first, then the row, always in this order, so two paths never wait on each other.
 */
export async function lockPaidTime(tx: Database, userId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(4242, ${userId})`);
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
}

/** When a period really ends: an early end counts. */
export const realEnd = (period: { endsAt: Date; endedAt: Date | null }): Date =>
  period.endedAt && period.endedAt < period.endsAt ? period.endedAt : period.endsAt;

/** The family's paid periods that have not ended by `now` (a cancelled one never begun is left out). */
export async function paidPeriodsToCome(db: Database, userId: number, now: Date) {
  const rows = await db
    .select()
    .from(familySubscriptions)
    .where(
      and(
        eq(familySubscriptions.userId, userId),
        inArray(familySubscriptions.source, [...PAID_SOURCES]),
        gt(familySubscriptions.endsAt, now),
        or(isNull(familySubscriptions.endedAt), gt(familySubscriptions.endedAt, now)),
      ),
    );
  return rows.filter((row) => realEnd(row) > now && realEnd(row) > row.startsAt);
}

/** The end of the family's paid time still to come (a trial is not paid time), or null. */
export async function paidTimeEnd(db: Database, userId: number, now: Date): Promise<Date | null> {
  let end: Date | null = null;
  for (const row of await paidPeriodsToCome(db, userId, now)) {
    const last = realEnd(row);
    if (!end || last > end) end = last;
  }
  return end;
}

/** After any paid, gifted or given period: the next charge is when the paid time now ends. */
export async function followPaidTime(tx: Database, userId: number, now: Date): Promise<void> {
  const end = await paidTimeEnd(tx, userId, now);
  if (!end) return;
  await tx
    .update(subscriptionRenewals)
    .set({ nextChargeAt: end, failedAttempts: 0, chargeOrderId: null, updatedAt: now })
    .where(and(eq(subscriptionRenewals.userId, userId), isNull(subscriptionRenewals.cancelledAt)));
}
