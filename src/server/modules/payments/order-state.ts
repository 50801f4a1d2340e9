// The return page and the callback both end here: find the order, ask the bank, answer what it said.
import { and, eq } from 'drizzle-orm';
import type { OrderState } from '@contract/api/store';
import { paymentOrders, purchases } from '../../db/schema/index';
import { SberbankError, SberbankUnavailableError } from '../../integrations/sberbank/client';
import { checkBankReturn } from './bank-refunds';
import { notFound } from '../../plugins/errors';
import { REFUNDED_REASON } from './refund-job';
import { FAIL_REASONS, settleOrder, type SettleDeps } from './settle';

export const ORDER_NOT_FOUND = 'Заказ не найден';
export const ALREADY_HAD = 'Это у вас уже есть — второй раз покупать не нужно';

/** The parent's own order by the bank's id (another family's is 404), settled if it was not yet. */
export async function orderStateFor(
  deps: SettleDeps,
  userId: number,
  gatewayOrderId: string,
): Promise<OrderState> {
  const { db } = deps;
  const [order] = await db
    .select()
    .from(paymentOrders)
    .where(and(eq(paymentOrders.gatewayOrderId, gatewayOrderId), eq(paymentOrders.userId, userId)));
  if (!order) throw notFound(ORDER_NOT_FOUND);
  if (order.state === 'new' || order.state === 'pending') {
    try {
      await settleOrder(deps, order);
    } catch (error) {
      // The bank is away: the parent is told the payment is still being checked.
      if (!(error instanceof SberbankUnavailableError)) throw error;
    }
  }
  const [row] = await db
    .select({ order: paymentOrders, purchase: purchases })
    .from(paymentOrders)
    .innerJoin(purchases, eq(purchases.id, paymentOrders.purchaseId))
    .where(eq(paymentOrders.id, order.id));
  if (!row) throw notFound(ORDER_NOT_FOUND);
  // Paid, but it delivered nothing (already had it): the refund job is on its way.
  const undelivered = row.order.state === 'paid' && row.purchase.status === 'cancelled';
  const refunded = row.order.state === 'refunded';
  const refund = undelivered || refunded || row.order.failReason === REFUNDED_REASON;
  const status =
    row.order.state === 'paid' && !undelivered
      ? 'paid'
      : row.order.state === 'pending' || row.order.state === 'new'
        ? 'pending'
        : 'failed';
  return {
    status,
    order_number: row.order.orderNumber,
    purchase_id: row.purchase.id,
    type: row.purchase.type,
    total: row.order.amount,
    reason: undelivered
      ? ALREADY_HAD
      : refunded
        ? FAIL_REASONS.refunded
        : status === 'failed'
          ? row.order.failReason
          : null,
    refund,
  };
}

/**
 * A callback whose checksum held: settle the order it names. Unknown orders are answered all the same (the
 * bank would only retry); the bank being away leaves the order to the reconciler.
 */
export async function settleFromCallback(
  deps: SettleDeps,
  params: Record<string, string>,
): Promise<void> {
  const mdOrder = params.mdOrder;
  if (!mdOrder) return;
  const [order] = await deps.db
    .select()
    .from(paymentOrders)
    .where(eq(paymentOrders.gatewayOrderId, mdOrder));
  if (!order || order.state === 'refunded') return;
  try {
    // A paid order's callback may tell of money given back at the bank (a reversal, a refund, a
    // chargeback): the bank is asked, as for any callback.
    if (order.state === 'paid') await checkBankReturn(deps, order.id);
    else await settleOrder(deps, order);
  } catch (error) {
    // The bank away or answering nonsense: the reconciler and the later checks ask again.
    if (!(error instanceof SberbankUnavailableError || error instanceof SberbankError)) throw error;
    deps.log?.warn({ order_id: order.id }, 'the bank did not answer after a callback');
  }
}
