// Money that is not a purchase's to keep — a second payment of something already delivered, or a sum that
// differs from the purchase's — goes back to the card; with `amount`, only that part does (weeks the child
// had already, fulfil.ts), and the order stays paid. A job, so a bank that is away now is asked again later
// with the queue's backoff, instead of the money staying with the school.
import { and, eq } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { paymentOrders } from '../../db/schema/index';
import { PermanentJobError, type JobHandler } from '../../jobs/types';
import { bankFor } from './gateway';

export const REFUNDED_REASON = 'Покупка уже была оплачена — второй платёж вернулся на карту';

export const refundJob: JobHandler = async (payload, { db, config, clock }) => {
  const orderId = payload.order_id;
  if (typeof orderId !== 'number') throw new PermanentJobError('payload has no order_id');
  const [order] = await db.select().from(paymentOrders).where(eq(paymentOrders.id, orderId));
  if (!order || order.state !== 'paid' || !order.gatewayOrderId) return;
  const part = payload.amount;
  if (typeof part === 'number') {
    await refundPart(db, config, clock(), { ...order, gatewayOrderId: order.gatewayOrderId }, part);
    return;
  }
  // Throws when the bank refuses or is away: the queue tries again later.
  await bankFor(config).refund(order.gatewayOrderId, order.amount);
  const now = clock();
  await db
    .update(paymentOrders)
    .set({ state: 'failed', failReason: REFUNDED_REASON, updatedAt: now })
    .where(eq(paymentOrders.id, orderId));
};

/**
 * A part of a paid order back to the card, once: a retry after a crash finds the bank's refunded sum
 * already grown by the part and only records it.
 */
async function refundPart(
  db: Database,
  config: Config,
  now: Date,
  order: typeof paymentOrders.$inferSelect & { gatewayOrderId: string },
  part: number,
): Promise<void> {
  if (!Number.isInteger(part) || part <= 0 || order.refundedAmount + part > order.amount) {
    throw new PermanentJobError('the part to refund does not fit the order');
  }
  const bank = bankFor(config);
  const status = await bank.orderStatus(order.gatewayOrderId);
  if ((status.refundedAmount ?? 0) < order.refundedAmount + part) {
    await bank.refund(order.gatewayOrderId, part);
  }
  await db
    .update(paymentOrders)
    .set({ refundedAmount: order.refundedAmount + part, updatedAt: now })
    .where(
      and(eq(paymentOrders.id, order.id), eq(paymentOrders.refundedAmount, order.refundedAmount)),
    );
}
