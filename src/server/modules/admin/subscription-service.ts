// The back office's hand on a family's subscription: days given by the school (a period of the family's
// last paid tariff, after all the time the family already has — a trial included) and ending access now
// (as the parent's own «Завершить подписку»).
import { and, desc, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { familySubscriptions, users } from '../../db/schema/index';
import { conflict } from '../../plugins/errors';
import { followPaidTime } from '../subscriptions';
import { endSubscription } from '../renewals';
import type { AdminUser } from '@contract/api/admin-families';
import { recordAudit, type AuditActor } from '../../shared/audit';
import { getUser } from './users-service';

export const NO_SUBSCRIPTION_YET =
  'У семьи ещё не было подписки: продлить нечего. Подарите ей сертификат или дождитесь оплаты';

const DAY_MS = 24 * 60 * 60 * 1000;

async function extendSubscription(
  db: Database,
  userId: number,
  days: number,
  now: Date,
): Promise<{ until: Date }> {
  return db.transaction(async (tx) => {
    // The same locks as a pause and a purchase take: none of them moves the family's time meanwhile.
    await tx.execute(sql`select pg_advisory_xact_lock(4242, ${userId})`);
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    const periods = await tx
      .select({
        tariffId: familySubscriptions.tariffId,
        amountChildren: familySubscriptions.amountChildren,
        source: familySubscriptions.source,
        endsAt: familySubscriptions.endsAt,
        endedAt: familySubscriptions.endedAt,
      })
      .from(familySubscriptions)
      .where(eq(familySubscriptions.userId, userId))
      .orderBy(desc(familySubscriptions.endsAt));
    if (periods.length === 0) throw conflict(NO_SUBSCRIPTION_YET);
    // The tariff of the last paid or gifted period; a family that only had the trial gets more of it.
    const model = periods.find((p) => p.source !== 'trial') ?? periods[0];
    if (!model) throw conflict(NO_SUBSCRIPTION_YET);
    const [latest] = await tx
      .select({
        end: sql<
          string | Date
        >`max(coalesce(${familySubscriptions.endedAt}, ${familySubscriptions.endsAt}))`,
      })
      .from(familySubscriptions)
      .where(
        and(
          eq(familySubscriptions.userId, userId),
          gt(familySubscriptions.endsAt, now),
          or(isNull(familySubscriptions.endedAt), gt(familySubscriptions.endedAt, now)),
        ),
      );
    const after = latest?.end ? new Date(latest.end) : null;
    const startsAt = after && after > now ? after : now;
    const until = new Date(startsAt.getTime() + days * DAY_MS);
    await tx.insert(familySubscriptions).values({
      userId,
      tariffId: model.tariffId,
      source: 'gift',
      amountChildren: model.amountChildren,
      startsAt,
      endsAt: until,
    });
    // A renewal waiting for the end of paid time moves with it.
    await followPaidTime(tx, userId, now);
    return { until };
  });
}

/** Days given to a family, audited with the new end of its time; the account as it is now. */
export async function giveSubscriptionDays(
  db: Database,
  actor: AuditActor,
  id: number,
  days: number,
  now: Date,
): Promise<AdminUser> {
  const target = await getUser(db, id, now);
  await db.transaction(async (tx) => {
    const { until } = await extendSubscription(tx, target.id, days, now);
    await recordAudit(tx, actor, {
      action: 'extend',
      resource: 'subscriptions',
      recordId: target.id,
      summary: { days, until: until.toISOString() },
    });
  });
  return getUser(db, target.id, now);
}

/** The family's access ends now and its renewal stops, audited; the account as it is now. */
export async function endSubscriptionNow(
  db: Database,
  actor: AuditActor,
  id: number,
  now: Date,
): Promise<AdminUser> {
  const target = await getUser(db, id, now);
  await db.transaction(async (tx) => {
    await endSubscription(tx, target.id, now);
    await recordAudit(tx, actor, {
      action: 'end',
      resource: 'subscriptions',
      recordId: target.id,
    });
  });
  return getUser(db, target.id, now);
}
