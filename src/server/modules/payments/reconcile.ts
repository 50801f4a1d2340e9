// The reconciler: every order gets a job when it is written, so an order whose callback never came (or
// whose register answer was lost) is still settled. The job asks the bank; while the bank says "not yet"
// it asks again when the payment page closes, then every few minutes, and an order still undecided
// SETTLE_GRACE_MS after its page closed is written off as expired. A bank that does not answer at all is
// left to the queue's backoff: the order is never given up then.
import { eq } from 'drizzle-orm';
import { paymentOrders } from '../../db/schema/index';
import { SberbankError, SberbankUnavailableError } from '../../integrations/sberbank/client';
import { enqueue } from '../../jobs/queue';
import { PermanentJobError, type JobHandler } from '../../jobs/types';
import { ORDER_SESSION_SECONDS, RECONCILE_JOB } from './register-order';
import { sessionClosedAt } from './bank-session';
import { failOrder } from './order-transitions';
import { EXPIRED_REASON, settleOrder } from './settle';

/** After the payment page closed, how long the bank may still take to decide. */
export const SETTLE_GRACE_MS = 30 * 60_000;

/** How often an order still undecided after its page closed is asked about, until the grace ends. */
export const AFTER_CLOSE_POLL_MS = 5 * 60_000;

/** After the queue's retries ran out while the bank kept failing: the next round begins this much later. */
export const LATER_MS = 6 * 3_600_000;

export { EXPIRED_REASON } from './settle';

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
  // Still open at the bank: the next look is right after its page closes, when an order nobody paid is
  // written off and gives its promo use back — not after the queue's backoff (about an hour).
  const pageClosed = sessionClosedAt(order.createdAt);
  if (now < pageClosed) {
    await enqueue(db, RECONCILE_JOB, { order_id: order.id }, { runAt: pageClosed, maxAttempts: 8 });
    return;
  }
  // After the page closed the bank decides within minutes; one still undecided is asked every few
  // minutes and written off when the grace ends — by our own schedule, not the queue's backoff, which
  // would wait an hour and more between the later tries.
  const writeOffAt = order.createdAt.getTime() + ORDER_SESSION_SECONDS * 1000 + SETTLE_GRACE_MS;
  if (now.getTime() >= writeOffAt) {
    await failOrder(db, order.id, EXPIRED_REASON, now);
    return;
  }
  const next = new Date(Math.min(now.getTime() + AFTER_CLOSE_POLL_MS, writeOffAt));
  await enqueue(db, RECONCILE_JOB, { order_id: order.id }, { runAt: next, maxAttempts: 8 });
};
