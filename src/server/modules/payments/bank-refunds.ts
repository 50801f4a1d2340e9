// Money given back at the bank, outside the school: a reversal or refund made in the merchant portal, or a
// chargeback. The school treats it as the back office's refund (admin-refund.ts) — what the payment
// delivered is taken back by the same rules (take-back.ts; an activated gift stays its recipient's, and the
// back office says so), the order is marked refunded, the audit log names the school as the actor, the
// staff hear it through the support queue and inbox, and the parent gets the refund letter.
//
// The school learns it two ways: the bank's callback for the order (any callback is a hint: the bank is
// asked), and checks of every paid order 1, 7, 30 and 120 days after payment, in case no callback came.
// A part given back at the bank is not matched to what was bought: the order stays paid, the part is
// recorded, and the staff are asked to decide.
import { eq } from 'drizzle-orm';
import { formatPrice } from '@contract/money';
import type { Database } from '../../db/client';
import { giftCertificates, paymentOrders, purchases } from '../../db/schema/index';
import type { OrderStatus } from '../../integrations/sberbank/client';
import { PermanentJobError, type JobHandler } from '../../jobs/types';
import { recordSchoolAudit } from '../../shared/audit';
import { noticeForStaff } from '../support';
import { REFUND_CLAIM_STALE_MS, autoRefundQueued, deliveredBy, mailParent } from './admin-refund';
import { bankFor } from './gateway';
import { BANK_STATUS, type SettleDeps } from './settle';
import { takeBack, type TakenBack } from './take-back';

export const REVERSED_AT_BANK = 'Платёж отменён в банке';
export const REFUNDED_AT_BANK = 'Деньги возвращены через банк';
export const GIFT_KEPT =
  'подарок уже активирован: подписка принадлежит получателю, и школа её не забирает — деньги банк ' +
  'уже вернул, при необходимости свяжитесь с покупателем';

interface BankReturn {
  /** Everything is back now. */
  whole: boolean;
  /** Kopecks back in all, the school's own refunds included. */
  total: number;
  /** Kopecks back that the school did not give: what this return is. */
  fresh: number;
  reversed: boolean;
}

/** What the bank gave back of a paid order beyond what the school knows of: all of it, a part, or nothing. */
export function bankReturn(
  order: Pick<typeof paymentOrders.$inferSelect, 'state' | 'amount' | 'refundedAmount'>,
  status: OrderStatus,
): BankReturn | null {
  if (order.state !== 'paid') return null;
  const fresh = (total: number) => total - order.refundedAmount;
  if (status.orderStatus === BANK_STATUS.reversed) {
    return { whole: true, total: order.amount, fresh: fresh(order.amount), reversed: true };
  }
  const refunded = Math.min(
    order.amount,
    status.refundedAmount ?? (status.orderStatus === BANK_STATUS.refunded ? order.amount : 0),
  );
  if (refunded <= order.refundedAmount) return null;
  return {
    whole: refunded >= order.amount,
    total: refunded,
    fresh: fresh(refunded),
    reversed: false,
  };
}

/** For a gift: the certificate is cancelled unless activated, in which case it stays the recipient's. */
async function cancelGift(tx: Database, purchaseId: number, now: Date): Promise<boolean> {
  const [certificate] = await tx
    .select()
    .from(giftCertificates)
    .where(eq(giftCertificates.purchaseId, purchaseId))
    .for('update');
  if (certificate?.activatedAt) return false;
  if (certificate && !certificate.cancelledAt) {
    await tx
      .update(giftCertificates)
      .set({ cancelledAt: now, updatedAt: now })
      .where(eq(giftCertificates.id, certificate.id));
  }
  return true;
}

function staffMessage(
  order: typeof paymentOrders.$inferSelect,
  returned: BankReturn,
  result: TakenBack,
): string {
  const what = returned.whole
    ? returned.reversed
      ? 'отменён в банке'
      : 'возвращён через банк целиком'
    : `частично возвращён через банк: ${formatPrice(returned.fresh)} из ${formatPrice(order.amount)}`;
  const lines = [
    `Платёж по заказу ${order.orderNumber} на ${formatPrice(order.amount)} ${what} — не из админки.`,
    ...result.takenBack.map((line) => `Забрано: ${line}`),
    ...result.left.map((line) => `Не забрано: ${line}`),
  ];
  if (!returned.whole) {
    lines.push('Покупка не тронута: решите вручную, что забрать, в аккаунте семьи.');
  }
  return lines.join('\n');
}

/**
 * Acts on a bank's answer showing money given back that the school did not give: once, under the order's
 * lock. Refunds of the school's own — one running from the back office, or the automatic refund of a
 * second payment — are left to finish on their own.
 */
export async function takeBackBankReturn(
  deps: SettleDeps,
  orderId: number,
  status: OrderStatus,
): Promise<'taken-back' | 'part-noted' | 'none'> {
  const { now, config } = deps;
  return deps.db.transaction(async (tx) => {
    const [order] = await tx
      .select()
      .from(paymentOrders)
      .where(eq(paymentOrders.id, orderId))
      .for('update');
    if (!order) return 'none';
    const returned = bankReturn(order, status);
    if (!returned) return 'none';
    const ownRefundRunning =
      order.refundStartedAt !== null &&
      now.getTime() - order.refundStartedAt.getTime() < REFUND_CLAIM_STALE_MS;
    if (ownRefundRunning || (await autoRefundQueued(tx, order.id)) !== null) return 'none';
    const [purchase] = await tx.select().from(purchases).where(eq(purchases.id, order.purchaseId));
    if (!purchase) return 'none';

    let result: TakenBack = { takenBack: [], left: [] };
    if (returned.whole) {
      const delivered = await deliveredBy(tx, order, purchase);
      if (delivered && purchase.type === 'gift' && !(await cancelGift(tx, purchase.id, now))) {
        result.left.push(GIFT_KEPT);
      } else if (delivered) {
        await tx
          .update(purchases)
          .set({ status: 'refunded', updatedAt: now })
          .where(eq(purchases.id, purchase.id));
        result = await takeBack(tx, purchase, now);
      }
      const reason = returned.reversed ? REVERSED_AT_BANK : REFUNDED_AT_BANK;
      await tx
        .update(paymentOrders)
        .set({
          state: 'refunded',
          gatewayStatus: status.orderStatus,
          refundedAt: now,
          refundedBy: null,
          refundReason: [reason, ...result.left.map((line) => `Не забрано: ${line}`)].join('. '),
          refundedAmount: order.amount,
          updatedAt: now,
        })
        .where(eq(paymentOrders.id, order.id));
      await mailParent(tx, order, purchase, delivered && result.left.length === 0, returned.fresh);
    } else {
      await tx
        .update(paymentOrders)
        .set({ refundedAmount: returned.total, updatedAt: now })
        .where(eq(paymentOrders.id, order.id));
    }
    await recordSchoolAudit(tx, {
      action: 'refund',
      resource: 'orders',
      recordId: order.id,
      summary: {
        order_number: order.orderNumber,
        amount: order.amount,
        refunded_at_bank: returned.fresh,
        whole: returned.whole,
        purchase_type: purchase.type,
        taken_back: result.takenBack,
        left: result.left,
      },
    });
    await noticeForStaff(tx, {
      userId: order.userId,
      message: staffMessage(order, returned, result),
      supportEmail: config.supportEmail,
    });
    return returned.whole ? 'taken-back' : 'part-noted';
  });
}

/** Asks the bank about a paid order and takes back what it gave back there. */
export async function checkBankReturn(deps: SettleDeps, orderId: number): Promise<void> {
  const [order] = await deps.db.select().from(paymentOrders).where(eq(paymentOrders.id, orderId));
  if (!order || order.state !== 'paid' || !order.gatewayOrderId) return;
  const status = await bankFor(deps.config).orderStatus(order.gatewayOrderId);
  if (status.orderNumber !== '' && status.orderNumber !== order.orderNumber) return;
  if (bankReturn(order, status)) await takeBackBankReturn(deps, order.id, status);
}

/** The later check of a paid order; the bank away or failing means the queue asks again later. */
export const bankReturnCheckJob: JobHandler = async (payload, { db, config, clock, logger }) => {
  const orderId = payload.order_id;
  if (typeof orderId !== 'number') throw new PermanentJobError('payload has no order_id');
  await checkBankReturn({ db, config, now: clock(), log: logger }, orderId);
};
