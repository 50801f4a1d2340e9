// The reconciler: every order gets a job when it is written, so an order whose callback never came (or
// whose register answer was lost) is still settled. The job asks the bank; while the bank says "not yet"
// it tries again with the queue's backoff, and an order still unpaid well after its payment page closed is
// written off as expired.
import { eq } from 'drizzle-orm';
import { paymentOrders } from '../../db/schema/index';
import { SberbankUnavailableError } from '../../integrations/sberbank/client';
import { PermanentJobError, type JobHandler } from '../../jobs/types';
import { ORDER_SESSION_SECONDS } from './register-order';
import { failOrder } from './order-transitions';
import { settleOrder } from './settle';

/** After the payment page closed, how long the bank may still take to decide. */
export const SETTLE_GRACE_MS = 30 * 60_000;

export const EXPIRED_REASON = 'Время на оплату истекло';

export const reconcileJob: JobHandler = async (payload, context) => {
  const orderId = payload.order_id;
  if (typeof orderId !== 'number') throw new PermanentJobError('payload has no order_id');
  const { db, config, clock, logger } = context;
  const [order] = await db.select().from(paymentOrders).where(eq(paymentOrders.id, orderId));
  if (!order || order.state === 'paid' || order.state === 'failed') return;
  const now = clock();
  let state;
  try {
    state = await settleOrder({ db, config, now, log: logger }, order);
  } catch (error) {
    if (error instanceof SberbankUnavailableError) throw new Error('the bank did not answer');
    throw error;
  }
  if (state !== 'pending') return;
  const closedAt = order.createdAt.getTime() + ORDER_SESSION_SECONDS * 1000;
  if (now.getTime() > closedAt + SETTLE_GRACE_MS) {
    await failOrder(db, order.id, EXPIRED_REASON, now);
    return;
  }
  throw new Error('the order is still pending at the bank');
};
