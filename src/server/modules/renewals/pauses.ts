// «Каникулы»: a paid subscription may stand still for 1–4 weeks instead of being cancelled. The paused
// weeks move the end of the period in force, every later period and the next charge by the same amount;
// lessons stay closed while paused (subscriptionPeriods cuts the pause out). At most 2 pauses and 6 weeks
// in any 365 days, so a pause cannot stretch a month into a year.
import { and, eq, gt, inArray, isNull, lte, sql } from 'drizzle-orm';
import { PAUSE_MAX_WEEKS } from '@contract/api/renewals';
import type { Database } from '../../db/client';
import {
  familySubscriptions,
  subscriptionPauses,
  subscriptionRenewals,
} from '../../db/schema/index';
import { conflict } from '../../plugins/errors';
import { PAID_SOURCES, paidPeriodsToCome } from '../subscriptions';

const DAY_MS = 24 * 60 * 60_000;
const WEEK_MS = 7 * DAY_MS;
export const PAUSE_LIMITS = { perYear: 2, weeksPerYear: 6, windowMs: 365 * DAY_MS } as const;

export const NO_PAID_SUBSCRIPTION =
  'Каникулы можно взять только при действующей оплаченной подписке';
export const ALREADY_PAUSED = 'Каникулы уже идут — их можно закончить раньше';
export const NOT_PAUSED = 'Сейчас нет каникул';
export const TOO_MANY_PAUSES = 'Каникулы можно брать не больше 2 раз за год';
export const TOO_MANY_WEEKS = 'За год можно взять не больше 6 недель каникул';

type PauseRow = typeof subscriptionPauses.$inferSelect;

const pauseEnd = (pause: PauseRow) =>
  pause.resumedAt && pause.resumedAt < pause.endsAt ? pause.resumedAt : pause.endsAt;

export async function familyPauses(db: Database, userId: number, now: Date) {
  const rows = await db
    .select()
    .from(subscriptionPauses)
    .where(
      and(
        eq(subscriptionPauses.userId, userId),
        gt(subscriptionPauses.startsAt, new Date(now.getTime() - PAUSE_LIMITS.windowMs)),
      ),
    );
  const active = rows.find((p) => p.startsAt <= now && pauseEnd(p) > now) ?? null;
  const usedMs = rows.reduce((sum, p) => sum + (pauseEnd(p).getTime() - p.startsAt.getTime()), 0);
  const left = Math.max(0, PAUSE_LIMITS.perYear - rows.length);
  const weeksLeft = Math.floor((PAUSE_LIMITS.weeksPerYear * WEEK_MS - usedMs) / WEEK_MS);
  return {
    active,
    count: rows.length,
    usedMs,
    left,
    weeksLeft: active || left === 0 ? 0 : Math.max(0, Math.min(PAUSE_MAX_WEEKS, weeksLeft)),
  };
}

/** The paid or gifted period in force now (a trial is not one), or undefined. */
export async function paidPeriodNow(db: Database, userId: number, now: Date) {
  return (await paidPeriodsToCome(db, userId, now)).find((period) => period.startsAt <= now);
}

/** Moves the period in force (its end) and every later period (both ends) and the next charge by `ms`. */
async function shiftPaidTime(tx: Database, userId: number, now: Date, ms: number) {
  const by = sql.raw(`interval '${Math.round(ms / 1000)} seconds'`);
  const open = and(
    eq(familySubscriptions.userId, userId),
    inArray(familySubscriptions.source, [...PAID_SOURCES]),
    gt(familySubscriptions.endsAt, now),
    isNull(familySubscriptions.endedAt),
  );
  await tx
    .update(familySubscriptions)
    .set({
      startsAt: sql`${familySubscriptions.startsAt} + ${by}`,
      endsAt: sql`${familySubscriptions.endsAt} + ${by}`,
    })
    .where(and(open, gt(familySubscriptions.startsAt, now)));
  await tx
    .update(familySubscriptions)
    .set({ endsAt: sql`${familySubscriptions.endsAt} + ${by}` })
    .where(and(open, lte(familySubscriptions.startsAt, now)));
  await tx
    .update(subscriptionRenewals)
    .set({ nextChargeAt: sql`${subscriptionRenewals.nextChargeAt} + ${by}`, updatedAt: now })
    .where(and(eq(subscriptionRenewals.userId, userId), isNull(subscriptionRenewals.cancelledAt)));
}

export async function startPause(
  db: Database,
  { userId, weeks, now }: { userId: number; weeks: number; now: Date },
): Promise<void> {
  await db.transaction(async (tx) => {
    // One pause decision per family at a time.
    await tx.execute(sql`select pg_advisory_xact_lock(4242, ${userId})`);
    const period = await paidPeriodNow(tx, userId, now);
    if (!period) throw conflict(NO_PAID_SUBSCRIPTION);
    const pauses = await familyPauses(tx, userId, now);
    if (pauses.active) throw conflict(ALREADY_PAUSED);
    if (pauses.count >= PAUSE_LIMITS.perYear) throw conflict(TOO_MANY_PAUSES);
    if (pauses.usedMs + weeks * WEEK_MS > PAUSE_LIMITS.weeksPerYear * WEEK_MS) {
      throw conflict(TOO_MANY_WEEKS);
    }
    const length = weeks * WEEK_MS;
    await shiftPaidTime(tx, userId, now, length);
    await tx.insert(subscriptionPauses).values({
      userId,
      subscriptionId: period.id,
      startsAt: now,
      endsAt: new Date(now.getTime() + length),
    });
  });
}

/** Ends the pause today: the days not used come off the end of paid time and the next charge. */
export async function resumePause(
  db: Database,
  { userId, now }: { userId: number; now: Date },
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(4242, ${userId})`);
    const { active } = await familyPauses(tx, userId, now);
    if (!active) throw conflict(NOT_PAUSED);
    const unused = active.endsAt.getTime() - now.getTime();
    await tx
      .update(subscriptionPauses)
      .set({ resumedAt: now })
      .where(eq(subscriptionPauses.id, active.id));
    await shiftPaidTime(tx, userId, now, -unused);
  });
}
