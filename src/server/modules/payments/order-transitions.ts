// The two ways an order leaves «waiting»: paid (and its purchase delivered, once) or failed (and the promo
// use it held passed on or given back, once: promo-holds.ts). Each is a conditional UPDATE of the order row inside one transaction, so
// whichever confirmation gets there first decides and every later one finds nothing to do.
import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { paymentOrders, purchases } from '../../db/schema/index';
import type { OrderStatus } from '../../integrations/sberbank/client';
import { enqueue } from '../../jobs/queue';
import type { PurchaseRow } from '../store';
import { scheduleBankReturnChecks } from './bank-return-checks';
import { fulfilPurchase } from './fulfil';
import { mailPaidOrder } from './paid-mail';
import { lockPromo, releaseUse, useOnPayment } from './promo-holds';
import { rewardInviter } from '../referrals';

export type OrderRow = typeof paymentOrders.$inferSelect;

export const REFUND_JOB = 'payments.refund';
/** A part of a paid order back to the card: a kind of its own, so a worker of an older build leaves it. */
export const REFUND_PART_JOB = 'payments.refund-part';

/** The order's code, read before any lock: an order's code never changes, and the code is locked first. */
async function promoOf(tx: Database, orderId: number): Promise<number | null> {
  const [row] = await tx
    .select({ promoCodeId: paymentOrders.promoCodeId })
    .from(paymentOrders)
    .where(eq(paymentOrders.id, orderId));
  return row?.promoCodeId ?? null;
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
    await lockPromo(tx, await promoOf(tx, orderId));
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
    await releaseUse(tx, failed, now);
    return true;
  });
}

/**
 * The purchase as its order was registered: the order's own copy of the lines, children and discount, so a
 * payment delivers what the receipt sent to the bank says even if the purchase row were changed since.
 * An order from before terms were kept delivers its purchase as it is.
 */
export function asRegistered(purchase: PurchaseRow, order: OrderRow): PurchaseRow {
  const terms = order.terms;
  if (!terms) return purchase;
  return {
    ...purchase,
    type: terms.type,
    lines: terms.lines,
    tariffId: terms.tariff_id,
    childIds: terms.child_ids,
    discount: terms.discount,
    recurrent: terms.recurrent,
    amount: order.amount + terms.discount,
    total: order.amount,
  };
}

/** A payment that goes back whole uses no promo: a waiting order's hold passes on or goes back. */
async function givePromoBack(tx: Database, before: OrderRow, now: Date): Promise<void> {
  if (before.state !== 'failed') await releaseUse(tx, before, now);
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
    await lockPromo(tx, await promoOf(tx, orderId));
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
      await givePromoBack(tx, before, now);
      await enqueue(tx, REFUND_JOB, { order_id: orderId }, { maxAttempts: 12 });
      return 'refunding';
    }
    const registered = asRegistered(purchase, before);
    const delivered = await fulfilPurchase(
      tx,
      registered,
      { bindingId: status.bindingId, maskedPan: status.maskedPan, expiration: status.expiration },
      now,
    );
    if (!delivered) {
      await tx
        .update(purchases)
        .set({ status: 'cancelled', updatedAt: now })
        .where(eq(purchases.id, purchase.id));
      await givePromoBack(tx, before, now);
      await enqueue(tx, REFUND_JOB, { order_id: orderId }, { maxAttempts: 12 });
      return 'refunding';
    }
    await useOnPayment(tx, before, now);
    // Weeks the child had already (two purchases that overlap): their part of the payment goes back.
    if (typeof delivered === 'number') {
      await enqueue(
        tx,
        REFUND_PART_JOB,
        { order_id: orderId, amount: delivered },
        { maxAttempts: 12 },
      );
    }
    if (registered.userId !== null) {
      await rewardInviter(tx, {
        invitedId: registered.userId,
        purchaseId: purchase.id,
        amount: before.amount,
        maskedPan: status.maskedPan,
        now,
      });
    }
    await scheduleBankReturnChecks(tx, orderId, now);
    await mailPaidOrder(tx, before, registered, delivered, now);
    return 'delivered';
  });
}
