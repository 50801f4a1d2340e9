// Settling an order: ask the bank what became of it (never trust a redirect or a callback) and act on the
// answer. Paying is one conditional UPDATE of the order row — only the first confirmation finds it unpaid —
// followed, in the same transaction, by the delivery of the purchase (order-transitions.ts): fifty
// confirmations at once deliver once.
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { paymentOrders } from '../../db/schema/index';
import { SberbankError, type OrderStatus } from '../../integrations/sberbank/client';
import { failOrder, markPaid, type OrderRow } from './order-transitions';
import { bankFor } from './gateway';
import { sessionClosedAt } from './bank-session';

/** orderStatus values of src/server/integrations/sberbank/README.md. */
export const BANK_STATUS = {
  registered: 0,
  held: 1,
  deposited: 2,
  reversed: 3,
  refunded: 4,
  secure3d: 5,
  declined: 6,
} as const;

/** errorCode of getOrderStatusExtended for an order the bank does not know (unconfirmed in src/server/integrations/sberbank/README.md). */
const UNKNOWN_ORDER = '6';

export const FAIL_REASONS = {
  declined: 'Банк отклонил платёж',
  reversed: 'Платёж отменён',
  refunded: 'Деньги вернулись на карту',
  amountMismatch: 'Сумма платежа не совпала с заказом',
  notRegistered: 'Заказ не дошёл до банка',
  bankRefused: 'Банк не принял заказ',
} as const;

export interface SettleDeps {
  db: Database;
  config: Config;
  now: Date;
  log?: FastifyBaseLogger;
}

export type { OrderRow } from './order-transitions';

export type Settlement = 'paid' | 'pending' | 'failed';

export const EXPIRED_REASON = 'Время на оплату истекло';

/** What the bank's answer means for us. */
function verdict(
  order: OrderRow,
  status: OrderStatus,
  now: Date,
): { state: Settlement; reason: string | null } {
  switch (status.orderStatus) {
    case BANK_STATUS.registered:
      // Nobody started paying before the page closed: the bank writes it off and so do we, which gives its
      // promo use back at once.
      return now >= sessionClosedAt(order.createdAt)
        ? { state: 'failed', reason: EXPIRED_REASON }
        : { state: 'pending', reason: null };
    case BANK_STATUS.deposited:
      return status.amount === order.amount
        ? { state: 'paid', reason: null }
        : { state: 'failed', reason: FAIL_REASONS.amountMismatch };
    case BANK_STATUS.declined:
      return {
        state: 'failed',
        reason: status.actionCodeDescription || FAIL_REASONS.declined,
      };
    case BANK_STATUS.reversed:
      return { state: 'failed', reason: FAIL_REASONS.reversed };
    case BANK_STATUS.refunded:
      return { state: 'failed', reason: FAIL_REASONS.refunded };
    default:
      // Registered, held (we pay in one stage, so a hold is still on its way) or 3-D Secure: not yet.
      return { state: 'pending', reason: null };
  }
}

async function askBank(deps: SettleDeps, order: OrderRow): Promise<OrderStatus | 'unknown'> {
  const bank = bankFor(deps.config);
  try {
    return order.gatewayOrderId
      ? await bank.orderStatus(order.gatewayOrderId)
      : await bank.orderStatusByNumber(order.orderNumber);
  } catch (error) {
    if (error instanceof SberbankError && error.errorCode === UNKNOWN_ORDER) return 'unknown';
    throw error;
  }
}

/**
 * Asks the bank about one order and records the answer. Throws SberbankUnavailableError when the bank
 * does not answer: the order is left as it was, for the next confirmation or the reconciler.
 */
export async function settleOrder(deps: SettleDeps, order: OrderRow): Promise<Settlement> {
  // A refunded order was paid; the refund that followed is the back office's, nothing to settle.
  if (order.state === 'paid' || order.state === 'refunded') return 'paid';
  const status = await askBank(deps, order);
  if (status === 'unknown') {
    // Only an order whose registration never reached the bank can be unknown to it.
    if (!order.gatewayOrderId) {
      await failOrder(deps.db, order.id, FAIL_REASONS.notRegistered, deps.now);
    }
    return order.gatewayOrderId ? 'pending' : 'failed';
  }
  // An answer about another order (a gateway mix-up) proves nothing about this one: ask again later.
  if (status.orderNumber !== '' && status.orderNumber !== order.orderNumber) {
    deps.log?.error({ order_id: order.id }, 'the bank answered about another order number');
    return 'pending';
  }
  // An order found by its number (its register answer was lost) learns the bank's id now: refunds and the
  // later checks need it.
  if (!order.gatewayOrderId && status.orderId) {
    await deps.db
      .update(paymentOrders)
      .set({ gatewayOrderId: status.orderId, updatedAt: deps.now })
      .where(and(eq(paymentOrders.id, order.id), isNull(paymentOrders.gatewayOrderId)));
  }
  const { state, reason } = verdict(order, status, deps.now);
  if (state === 'paid') {
    await markPaid(deps.db, order.id, status, deps.now);
    return 'paid';
  }
  if (state === 'failed') {
    await failOrder(deps.db, order.id, reason ?? FAIL_REASONS.declined, deps.now, status);
    if (reason === FAIL_REASONS.amountMismatch) {
      deps.log?.error({ order_id: order.id }, 'bank reports another amount for the order');
    }
    return currentState(deps.db, order.id);
  }
  return 'pending';
}

async function currentState(db: Database, orderId: number): Promise<Settlement> {
  const [row] = await db
    .select({ state: paymentOrders.state })
    .from(paymentOrders)
    .where(eq(paymentOrders.id, orderId));
  return row?.state === 'paid' ? 'paid' : row?.state === 'failed' ? 'failed' : 'pending';
}
