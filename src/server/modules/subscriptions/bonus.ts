// Days a family is given rather than buys (docs/PRODUCT.md «Invite a friend»), and taking a period out of a
// family's chain of paid time — what a refund or a reward taken back does.
import { and, eq, gt, gte, isNull, lte, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { familySubscriptions, subscriptionPauses } from '../../db/schema/index';
import { lockPaidTime, paidPeriodsToCome, realEnd } from './paid-time';

const DAY_MS = 24 * 60 * 60_000;

/**
 * `days` given for a friend invited, following on from the family's paid time still to come, on the tariff
 * and places of its latest paid period. Null when the family has no paid time now or to come: the days
 * then wait for its next period.
 */
export async function addBonusPeriod(
  tx: Database,
  { userId, days, now }: { userId: number; days: number; now: Date },
): Promise<number | null> {
  await lockPaidTime(tx, userId);
  // The latest by its real end: a period cancelled before it began keeps its planned end and must not count.
  const [latest] = (await paidPeriodsToCome(tx, userId, now)).sort(
    (a, b) => realEnd(b).getTime() - realEnd(a).getTime(),
  );
  if (!latest) return null;
  const startsAt = realEnd(latest);
  const [row] = await tx
    .insert(familySubscriptions)
    .values({
      userId,
      tariffId: latest.tariffId,
      source: 'referral',
      amountChildren: latest.amountChildren,
      startsAt,
      endsAt: new Date(startsAt.getTime() + days * DAY_MS),
    })
    .returning({ id: familySubscriptions.id });
  return row?.id ?? null;
}

export type TakenOut =
  | { kind: 'over'; end: Date }
  | { kind: 'cancelled' | 'ended'; startsAt: Date; end: Date; movedDays: number | null };

/**
 * Ends a period now (one not yet begun is dropped), ends a pause running in it, and moves the periods that
 * followed on from it earlier by the time taken out, so the family's time stays one chain. The caller
 * holds lockPaidTime.
 */
export async function takeOutPeriod(
  tx: Database,
  period: typeof familySubscriptions.$inferSelect,
  now: Date,
): Promise<TakenOut> {
  const end = realEnd(period);
  if (end <= now) return { kind: 'over', end };
  const from = period.startsAt > now ? period.startsAt : now;
  const removedMs = end.getTime() - from.getTime();
  await tx
    .update(familySubscriptions)
    .set({ endedAt: from })
    .where(eq(familySubscriptions.id, period.id));
  // A pause running in it ends with it: its unused days are part of what was taken out.
  await tx
    .update(subscriptionPauses)
    .set({ resumedAt: now })
    .where(
      and(
        eq(subscriptionPauses.subscriptionId, period.id),
        isNull(subscriptionPauses.resumedAt),
        lte(subscriptionPauses.startsAt, now),
        gt(subscriptionPauses.endsAt, now),
      ),
    );
  const by = sql.raw(`interval '${Math.round(removedMs / 1000)} seconds'`);
  const moved = await tx
    .update(familySubscriptions)
    .set({
      startsAt: sql`${familySubscriptions.startsAt} - ${by}`,
      endsAt: sql`${familySubscriptions.endsAt} - ${by}`,
    })
    .where(
      and(
        eq(familySubscriptions.userId, period.userId),
        ne(familySubscriptions.id, period.id),
        gte(familySubscriptions.startsAt, end),
        isNull(familySubscriptions.endedAt),
      ),
    )
    .returning({ id: familySubscriptions.id });
  return {
    kind: period.startsAt > now ? 'cancelled' : 'ended',
    startsAt: period.startsAt,
    end,
    movedDays: moved.length > 0 ? Math.round(removedMs / DAY_MS) : null,
  };
}
