// The parent's consent to charge the saved card, written when the first recurrent payment is delivered
// (the charge date that follows the family's paid time is subscriptions/paid-time.ts).
// It lives with payments: payments write it when a recurrent payment is delivered, and renewals, which
// charge through payments, read it from here.
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { cardBindings, subscriptionRenewals } from '../../db/schema/index';
import { paidTimeEnd } from '../subscriptions';

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
