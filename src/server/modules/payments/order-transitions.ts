// The two ways an order leaves «waiting»: paid (and its purchase delivered, once) or failed (and the promo
// use it held given back, once). Each is a conditional UPDATE of the order row inside one transaction, so
// whichever confirmation gets there first decides and every later one finds nothing to do.
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { paymentOrders, promoCodes, purchases } from '../../db/schema/index';
import type { OrderStatus } from '../../integrations/sberbank/client';
import { enqueue } from '../../jobs/queue';
import { fulfilPurchase } from './fulfil';

export type OrderRow = typeof paymentOrders.$inferSelect;

export const REFUND_JOB = 'payments.refund';

async function holdPromo(tx: Database, promoCodeId: number | null, now: Date, delta: 1 | -1) {
  if (promoCodeId === null) return;
  await tx
    .update(promoCodes)
    .set({ usedCount: sql`greatest(${promoCodes.usedCount} + ${delta}, 0)`, updatedAt: now })
    .where(eq(promoCodes.id, promoCodeId));
}

/**
 * The order failed (declined, reversed, expired, refused): recorded once, from «waiting» only — a paid
 * order stays paid whatever arrives later (a refund made by hand in the bank's back office does not take
 * back what was delivered; the operator decides that). Returns whether this call recorded it.
 */
export async function failOrder(
  db: Database,
  orderId: number,
  reason: string,
  now: Date,
  status: OrderStatus | null = null,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [failed] = await tx
      .update(paymentOrders)
      .set({
        state: 'failed',
        failReason: reason,
        gatewayStatus: status?.orderStatus ?? null,
        actionCode: status?.actionCode ?? null,
        settledAt: now,
        updatedAt: now,
      })
      .where(and(eq(paymentOrders.id, orderId), inArray(paymentOrders.state, ['new', 'pending'])))
      .returning();
    if (!failed) return false;
    await holdPromo(tx, failed.promoCodeId, now, -1);
    return true;
  });
}

/**
 * Marks the order paid and delivers its purchase, once: `delivered` for the call that did it, `already`
 * when the order was paid before, `refunding` when the money paid is not this purchase's to keep —
 * another order of it delivered it first, or the sum differs from the purchase's — and goes back.
 */
export async function markPaid(
  db: Database,
  orderId: number,
  status: OrderStatus,
  now: Date,
): Promise<'delivered' | 'already' | 'refunding'> {
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(paymentOrders)
      .where(eq(paymentOrders.id, orderId))
      .for('update');
    if (!before || before.state === 'paid' || before.state === 'refunded') return 'already';
    await tx
      .update(paymentOrders)
      .set({
        state: 'paid',
        failReason: null,
        gatewayStatus: status.orderStatus,
        actionCode: status.actionCode,
        maskedPan: status.maskedPan,
        settledAt: now,
        updatedAt: now,
      })
      .where(eq(paymentOrders.id, orderId));
    // A failed order that turns out paid after all holds its promo use again.
    if (before.state === 'failed') await holdPromo(tx, before.promoCodeId, now, 1);
    const [purchase] = await tx
      .update(purchases)
      .set({ status: 'paid', paidAt: now, updatedAt: now })
      .where(
        and(
          eq(purchases.id, before.purchaseId),
          eq(purchases.status, 'new'),
          eq(purchases.total, before.amount),
        ),
      )
      .returning();
    if (!purchase) {
      await enqueue(tx, REFUND_JOB, { order_id: orderId }, { maxAttempts: 12 });
      return 'refunding';
    }
    const delivered = await fulfilPurchase(
      tx,
      purchase,
      { bindingId: status.bindingId, maskedPan: status.maskedPan, expiration: status.expiration },
      now,
    );
    if (!delivered) {
      await tx
        .update(purchases)
        .set({ status: 'cancelled', updatedAt: now })
        .where(eq(purchases.id, purchase.id));
      await enqueue(tx, REFUND_JOB, { order_id: orderId }, { maxAttempts: 12 });
      return 'refunding';
    }
    return 'delivered';
  });
}
