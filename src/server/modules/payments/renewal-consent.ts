// The parent's consent to charge the saved card, written when the first recurrent payment is delivered,
// and the charge date that follows the family's paid time whenever a paid or gifted period is added.
// It lives with payments: payments write it when a recurrent payment is delivered, and renewals, which
// charge through payments, read it from here.
import { and, eq, gt, inArray, isNull, or } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { cardBindings, familySubscriptions, subscriptionRenewals } from '../../db/schema/index';
import { PAID_SOURCES } from '../subscriptions';

/** The end of the family's paid and gifted time still to come (a trial is not paid time), or null. */
export async function paidTimeEnd(db: Database, userId: number, now: Date): Promise<Date | null> {
  const rows = await db
    .select({ endsAt: familySubscriptions.endsAt, endedAt: familySubscriptions.endedAt })
    .from(familySubscriptions)
    .where(
      and(
        eq(familySubscriptions.userId, userId),
        inArray(familySubscriptions.source, [...PAID_SOURCES]),
        gt(familySubscriptions.endsAt, now),
        or(isNull(familySubscriptions.endedAt), gt(familySubscriptions.endedAt, now)),
      ),
    );
  let end: Date | null = null;
  for (const row of rows) {
    const last = row.endedAt && row.endedAt < row.endsAt ? row.endedAt : row.endsAt;
    if (!end || last > end) end = last;
  }
  return end;
}

/** A renewal row as a new consent leaves it: on, charging at `nextChargeAt`, nothing tried yet. */
export function freshConsent(now: Date, nextChargeAt: Date) {
  return {
    consentAt: now,
    nextChargeAt,
    remindedFor: null,
    failedAttempts: 0,
    chargeOrderId: null,
    cancelledAt: null,
    cancelReason: null,
    updatedAt: now,
  };
}

/**
 * A recurrent subscription purchase was paid and the bank saved the card: the family's renewal row is
 * created, or replaced (a new consent, a new card, the tariff just bought), with the charge at the end of
 * the paid time.
 */
export async function saveRenewalConsent(
  tx: Database,
  {
    userId,
    tariffId,
    bindingId,
    now,
  }: { userId: number; tariffId: number; bindingId: string; now: Date },
): Promise<void> {
  const [card] = await tx
    .select({ id: cardBindings.id })
    .from(cardBindings)
    .where(and(eq(cardBindings.bindingId, bindingId), eq(cardBindings.userId, userId)));
  const nextChargeAt = await paidTimeEnd(tx, userId, now);
  if (!card || !nextChargeAt) return;
  const values = { tariffId, cardBindingId: card.id, ...freshConsent(now, nextChargeAt) };
  await tx
    .insert(subscriptionRenewals)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: subscriptionRenewals.userId, set: values });
}

/** After any paid or gifted period: the next charge is when the paid time now ends. */
export async function followPaidTime(tx: Database, userId: number, now: Date): Promise<void> {
  const end = await paidTimeEnd(tx, userId, now);
  if (!end) return;
  await tx
    .update(subscriptionRenewals)
    .set({ nextChargeAt: end, failedAttempts: 0, chargeOrderId: null, updatedAt: now })
    .where(and(eq(subscriptionRenewals.userId, userId), isNull(subscriptionRenewals.cancelledAt)));
}
