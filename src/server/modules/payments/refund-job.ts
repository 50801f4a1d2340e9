// Money that is not a purchase's to keep — a second payment of something already delivered, or a sum that
// differs from the purchase's — goes back to the card. A job, so a bank that is away now is asked again
// later with the queue's backoff, instead of the money staying with the school.
import { eq } from 'drizzle-orm';
import { paymentOrders } from '../../db/schema/index';
import { PermanentJobError, type JobHandler } from '../../jobs/types';
import { bankFor } from './gateway';

export const REFUNDED_REASON = 'Покупка уже была оплачена — второй платёж вернулся на карту';

export const refundJob: JobHandler = async (payload, { db, config, clock }) => {
  const orderId = payload.order_id;
  if (typeof orderId !== 'number') throw new PermanentJobError('payload has no order_id');
  const [order] = await db.select().from(paymentOrders).where(eq(paymentOrders.id, orderId));
  if (!order || order.state !== 'paid' || !order.gatewayOrderId) return;
  // Throws when the bank refuses or is away: the queue tries again later.
  await bankFor(config).refund(order.gatewayOrderId, order.amount);
  const now = clock();
  await db
    .update(paymentOrders)
    .set({ state: 'failed', failReason: REFUNDED_REASON, updatedAt: now })
    .where(eq(paymentOrders.id, orderId));
};
