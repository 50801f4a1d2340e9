// A family's subscription periods. The trial (docs/PRODUCT.md «Product rules»): a free 7-day subscription, once per account,
// no card, never turning paid by itself — it simply ends. Paid and gift periods come with payments.
import { and, desc, eq, gt, isNull, lte, or } from 'drizzle-orm';
import type { ProfileSubscription } from '@contract/api/auth';
import type { FamilySubscription } from '@contract/api/subscriptions';
import { ERROR_CODES } from '@contract/api/values';
import type { Database } from '../../db/client';
import {
  cardBindings,
  familySubscriptions,
  subscriptionPauses,
  subscriptionRenewals,
  tariffs,
} from '../../db/schema/index';
import type { Clock } from '../../deps';
import { conflict, invalidField } from '../../plugins/errors';
import { lockPaidTime, realEnd } from './paid-time';

const DAY_MS = 24 * 60 * 60 * 1000;

type Row = typeof familySubscriptions.$inferSelect;

export function toFamilySubscription(row: Row): FamilySubscription {
  return {
    id: row.id,
    source: row.source,
    is_free: row.source === 'trial',
    amount_children: row.amountChildren,
    starts_at: row.startsAt.toISOString(),
    ends_at: (row.endedAt ?? row.endsAt).toISOString(),
  };
}

/** A family's periods in force at `now`: begun, not over, not ended early. */
function inForceAt(userId: number, now: Date) {
  return and(
    eq(familySubscriptions.userId, userId),
    lte(familySubscriptions.startsAt, now),
    gt(familySubscriptions.endsAt, now),
    or(isNull(familySubscriptions.endedAt), gt(familySubscriptions.endedAt, now)),
  );
}

/** Cuts the pauses out of a period: a paused stretch is time without a subscription. */
function withoutPauses<P extends { startsAt: Date; endsAt: Date }>(
  period: P,
  pauses: readonly { startsAt: Date; endsAt: Date }[],
): P[] {
  let pieces: P[] = [period];
  for (const pause of pauses) {
    pieces = pieces.flatMap((piece) => {
      if (pause.endsAt <= piece.startsAt || pause.startsAt >= piece.endsAt) return [piece];
      const parts: P[] = [];
      if (pause.startsAt > piece.startsAt) parts.push({ ...piece, endsAt: pause.startsAt });
      if (pause.endsAt < piece.endsAt) parts.push({ ...piece, startsAt: pause.endsAt });
      return parts;
    });
  }
  return pieces;
}

export interface PeriodRow {
  startsAt: Date;
  endsAt: Date;
  endedAt: Date | null;
  amountChildren: number;
}

export interface PauseRow {
  startsAt: Date;
  endsAt: Date;
  resumedAt: Date | null;
}

/** The family's periods from its rows, in start order: an early end applied and the pauses cut out. */
export function periodsOf(
  rows: readonly PeriodRow[],
  pauseRows: readonly PauseRow[],
): { startsAt: Date; endsAt: Date; amountChildren: number }[] {
  const pauses = pauseRows.map((p) => ({
    startsAt: p.startsAt,
    endsAt: p.resumedAt && p.resumedAt < p.endsAt ? p.resumedAt : p.endsAt,
  }));
  return [...rows]
    .sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime())
    .map((r) => ({
      startsAt: r.startsAt,
      endsAt: realEnd(r),
      amountChildren: r.amountChildren,
    }))
    .flatMap((p) => withoutPauses(p, pauses))
    .filter((p) => p.startsAt < p.endsAt);
}

/** Every period of the family, an early end applied and pauses cut out: what the access rule reads. */
export async function subscriptionPeriods(
  db: Database,
  userId: number,
): Promise<{ startsAt: Date; endsAt: Date; amountChildren: number }[]> {
  const rows = await db
    .select()
    .from(familySubscriptions)
    .where(eq(familySubscriptions.userId, userId));
  const pauses = await db
    .select()
    .from(subscriptionPauses)
    .where(eq(subscriptionPauses.userId, userId));
  return periodsOf(rows, pauses);
}

/** The period in force now, if any (the latest started when two overlap). */
export async function currentSubscription(
  db: Database,
  userId: number,
  now: Date,
): Promise<FamilySubscription | null> {
  const [row] = await db
    .select()
    .from(familySubscriptions)
    .where(inForceAt(userId, now))
    .orderBy(desc(familySubscriptions.startsAt))
    .limit(1);
  return row ? toFamilySubscription(row) : null;
}

/**
 * The profile's view of the subscription in force now, with its tariff's title. auto_renew: the family
 * has an active renewal consent (the trial never turns paid by itself).
 */
export async function subscriptionInForce(
  db: Database,
  userId: number,
  now: Date,
): Promise<ProfileSubscription | null> {
  const [row] = await db
    .select({ subscription: familySubscriptions, title: tariffs.title })
    .from(familySubscriptions)
    .innerJoin(tariffs, eq(tariffs.id, familySubscriptions.tariffId))
    .where(inForceAt(userId, now))
    .orderBy(desc(familySubscriptions.startsAt))
    .limit(1);
  if (!row) return null;
  const period = toFamilySubscription(row.subscription);
  // On only while its card is saved too: a removed card charges nothing.
  const [renewal] = await db
    .select({ id: subscriptionRenewals.id })
    .from(subscriptionRenewals)
    .innerJoin(cardBindings, eq(cardBindings.id, subscriptionRenewals.cardBindingId))
    .where(
      and(
        eq(subscriptionRenewals.userId, userId),
        isNull(subscriptionRenewals.cancelledAt),
        isNull(cardBindings.removedAt),
      ),
    );
  return {
    id: period.id,
    title: row.title,
    is_free: period.is_free,
    amount_children: period.amount_children,
    starts_at: period.starts_at,
    ends_at: period.ends_at,
    auto_renew: renewal !== undefined && !period.is_free,
  };
}

export const TRIAL_USED =
  'Пробная неделя уже была у этой семьи: выберите тариф, чтобы продолжить занятия';
export const SUBSCRIPTION_ACTIVE = 'Подписка уже действует — пробная неделя не нужна';
export const NOT_A_TRIAL = 'Этот тариф нельзя активировать без оплаты';

export async function activateTrial({
  db,
  clock,
  userId,
  tariffId,
  atLeastDays = 0,
}: {
  db: Database;
  clock: Clock;
  userId: number;
  tariffId: number;
  /** A longer trial for a family a friend invited (docs/PRODUCT.md «Invite a friend»). */
  atLeastDays?: number;
}): Promise<FamilySubscription> {
  const now = clock();
  const [tariff] = await db.select().from(tariffs).where(eq(tariffs.id, tariffId));
  if (
    !tariff ||
    !tariff.isActive ||
    tariff.kind !== 'subscription' ||
    !tariff.isFree ||
    tariff.trialDays <= 0
  ) {
    throw invalidField('subscription_id', NOT_A_TRIAL);
  }
  if (await currentSubscription(db, userId, now)) {
    throw conflict(SUBSCRIPTION_ACTIVE, ERROR_CODES.subscriptionActive);
  }
  // The partial unique index keeps one trial per account even when two requests race here.
  const [row] = await db
    .insert(familySubscriptions)
    .values({
      userId,
      tariffId: tariff.id,
      source: 'trial',
      amountChildren: tariff.amountChildren,
      startsAt: now,
      endsAt: new Date(now.getTime() + Math.max(tariff.trialDays, atLeastDays) * DAY_MS),
    })
    .onConflictDoNothing()
    .returning();
  if (!row) throw conflict(TRIAL_USED, ERROR_CODES.trialUsed);
  return toFamilySubscription(row);
}

/** `months` calendar months after `from` (UTC), the day clamped to the month's end (31 Jan + 1 → 28/29 Feb). */
export function addMonths(from: Date, months: number): Date {
  const target = new Date(from.getTime());
  const day = target.getUTCDate();
  target.setUTCDate(1);
  target.setUTCMonth(target.getUTCMonth() + months);
  const lastDay = new Date(
    Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0),
  ).getUTCDate();
  target.setUTCDate(Math.min(day, lastDay));
  return target;
}

/**
 * A paid or gifted period of a tariff. It follows on from the family's paid or gifted time still to come
 * (buying early loses no day); a trial in force is replaced — it ends now and the paid period starts now.
 */
export async function addPaidPeriod(
  db: Database,
  {
    userId,
    tariffId,
    source,
    months,
    amountChildren,
    now,
    purchaseId = null,
  }: {
    userId: number;
    tariffId: number;
    source: 'purchase' | 'gift';
    months: number;
    amountChildren: number;
    now: Date;
    /** The purchase that paid for it (a gift's for a certificate): what a refund takes back. */
    purchaseId?: number | null;
  },
): Promise<FamilySubscription> {
  // The family's lock: two periods settled at once (a callback and the return page for two purchases, a
  // certificate meanwhile) must queue, or both would start at the same moment.
  await lockPaidTime(db, userId);
  await db
    .update(familySubscriptions)
    .set({ endedAt: now })
    .where(and(inForceAt(userId, now), eq(familySubscriptions.source, 'trial')));
  const later = await db
    .select({ endsAt: familySubscriptions.endsAt, endedAt: familySubscriptions.endedAt })
    .from(familySubscriptions)
    .where(
      and(
        eq(familySubscriptions.userId, userId),
        gt(familySubscriptions.endsAt, now),
        or(isNull(familySubscriptions.endedAt), gt(familySubscriptions.endedAt, now)),
      ),
    );
  const startsAt = later.reduce((latest, period) => {
    const end = realEnd(period);
    return end > latest ? end : latest;
  }, now);
  const [row] = await db
    .insert(familySubscriptions)
    .values({
      userId,
      tariffId,
      source,
      amountChildren,
      startsAt,
      endsAt: addMonths(startsAt, months),
      purchaseId,
    })
    .returning();
  if (!row) throw new Error('subscription insert returned nothing');
  return toFamilySubscription(row);
}
