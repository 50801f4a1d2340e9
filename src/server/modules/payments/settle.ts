// Settling an order: ask the bank what became of it (never trust a redirect or a callback) and act on the
// answer. Paying is one conditional UPDATE of the order row — only the first confirmation finds it unpaid —
// followed, in the same transaction, by the delivery of the purchase: fifty confirmations at once deliver once.
import { and, eq, inArray, ne } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { paymentOrders, purchases } from '../../db/schema/index';
import {
  SberbankError,
  SberbankUnavailableError,
  type OrderStatus,
} from '../../integrations/sberbank/client';
import { fulfilPurchase } from './fulfil';
import { bankFor } from './gateway';

export type OrderRow = typeof paymentOrders.$inferSelect;

/** orderStatus values of CONTRACTS §1. */
export const BANK_STATUS = {
  registered: 0,
  held: 1,
  deposited: 2,
  reversed: 3,
  refunded: 4,
  secure3d: 5,
  declined: 6,
} as const;

/** errorCode of getOrderStatusExtended for an order the bank does not know (unconfirmed in CONTRACTS §1). */
const UNKNOWN_ORDER = '6';

export const FAIL_REASONS = {
  declined: 'Банк отклонил платёж',
  reversed: 'Платёж отменён',
  refunded: 'Деньги вернулись на карту',
  amountMismatch: 'Сумма платежа не совпала с заказом',
  notRegistered: 'Заказ не дошёл до банка',
  bankRefused: 'Банк не принял заказ',
  duplicate: 'Покупка уже была оплачена — второй платёж вернулся на карту',
} as const;

export interface SettleDeps {
  db: Database;
  config: Config;
  now: Date;
  log?: FastifyBaseLogger;
}

export type Settlement = 'paid' | 'pending' | 'failed';

/** What the bank's answer means for us. */
function verdict(
  order: OrderRow,
  status: OrderStatus,
): { state: Settlement; reason: string | null } {
  switch (status.orderStatus) {
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

async function markFailed(
  db: Database,
  order: OrderRow,
  status: OrderStatus | null,
  reason: string,
  now: Date,
): Promise<void> {
  // A paid order stays paid: a late "declined" about it, or a refund made by hand in the bank's
  // back office, does not take back what was delivered (the operator decides that).
  await db
    .update(paymentOrders)
    .set({
      state: 'failed',
      failReason: reason,
      gatewayStatus: status?.orderStatus ?? null,
      actionCode: status?.actionCode ?? null,
      settledAt: now,
      updatedAt: now,
    })
    .where(and(eq(paymentOrders.id, order.id), ne(paymentOrders.state, 'paid')));
}

/**
 * Marks the order paid and delivers its purchase, once: `delivered` for the call that did it, `already`
 * when the order was paid before, `duplicate` when another order of the purchase had delivered it.
 */
export async function markPaid(
  db: Database,
  order: OrderRow,
  status: OrderStatus,
  now: Date,
): Promise<'delivered' | 'already' | 'duplicate'> {
  return db.transaction(async (tx) => {
    const [won] = await tx
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
      .where(and(eq(paymentOrders.id, order.id), ne(paymentOrders.state, 'paid')))
      .returning();
    if (!won) return 'already';
    const [purchase] = await tx
      .update(purchases)
      .set({ status: 'paid', paidAt: now, updatedAt: now })
      .where(and(eq(purchases.id, won.purchaseId), inArray(purchases.status, ['new', 'cancelled'])))
      .returning();
    if (!purchase) return 'duplicate';
    await fulfilPurchase(
      tx,
      purchase,
      { bindingId: status.bindingId, maskedPan: status.maskedPan, expiration: status.expiration },
      now,
    );
    return 'delivered';
  });
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
  if (order.state === 'paid') return 'paid';
  const status = await askBank(deps, order);
  if (status === 'unknown') {
    // Only an order whose registration never reached the bank can be unknown to it.
    if (!order.gatewayOrderId)
      await markFailed(deps.db, order, null, FAIL_REASONS.notRegistered, deps.now);
    return order.gatewayOrderId ? 'pending' : 'failed';
  }
  const { state, reason } = verdict(order, status);
  if (state === 'paid') {
    if ((await markPaid(deps.db, order, status, deps.now)) === 'duplicate') {
      await refundDuplicate(deps, order, status);
    }
    return 'paid';
  }
  if (state === 'failed') {
    await markFailed(deps.db, order, status, reason ?? FAIL_REASONS.declined, deps.now);
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

/**
 * Two orders of one purchase both paid (two tabs, both paid): the purchase was delivered by the first, and
 * this payment goes back to the card.
 */
async function refundDuplicate(deps: SettleDeps, order: OrderRow, status: OrderStatus) {
  if (!order.gatewayOrderId) return;
  try {
    await bankFor(deps.config).refund(order.gatewayOrderId, status.amount);
    await deps.db
      .update(paymentOrders)
      .set({ state: 'failed', failReason: FAIL_REASONS.duplicate, updatedAt: deps.now })
      .where(eq(paymentOrders.id, order.id));
  } catch (error) {
    if (!(error instanceof SberbankError || error instanceof SberbankUnavailableError)) throw error;
    deps.log?.error(
      { order_id: order.id },
      'a second payment of one purchase could not be refunded',
    );
  }
}
