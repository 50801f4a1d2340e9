// The reconciler: every order gets a job when it is written, so an order whose callback never came (or
// whose register answer was lost) is still settled. The job asks the bank; while the bank says "not yet"
// it tries again with the queue's backoff, and an order still unpaid well after its payment page closed is
// written off as expired.
import { eq } from 'drizzle-orm';
import { paymentOrders } from '../../db/schema/index';
import { SberbankError, SberbankUnavailableError } from '../../integrations/sberbank/client';
import { enqueue } from '../../jobs/queue';
import { PermanentJobError, type JobHandler } from '../../jobs/types';
import { ORDER_SESSION_SECONDS, RECONCILE_JOB } from './register-order';
import { failOrder } from './order-transitions';
import { settleOrder } from './settle';

/** After the payment page closed, how long the bank may still take to decide. */
export const SETTLE_GRACE_MS = 30 * 60_000;

/** After the queue's retries ran out while the bank kept failing: the next round begins this much later. */
export const LATER_MS = 6 * 3_600_000;

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
    if (!(error instanceof SberbankUnavailableError || error instanceof SberbankError)) throw error;
    // The bank away (or answering nonsense) for as long as the queue's retries last: never give the
    // order up — a new job asks again in a few hours, and the log says an order is waiting that long.
    if (context.job.attempt >= context.job.maxAttempts) {
      logger.warn({ order_id: order.id }, 'an order is still unsettled: the bank keeps failing');
      await enqueue(
        db,
        RECONCILE_JOB,
        { order_id: order.id },
        {
          runAt: new Date(now.getTime() + LATER_MS),
          maxAttempts: 8,
        },
      );
      return;
    }
    throw new Error('the bank did not answer');
  }
  if (state !== 'pending') return;
  const closedAt = order.createdAt.getTime() + ORDER_SESSION_SECONDS * 1000;
  if (now.getTime() > closedAt + SETTLE_GRACE_MS) {
    await failOrder(db, order.id, EXPIRED_REASON, now);
    return;
  }
  throw new Error('the order is still pending at the bank');
};
