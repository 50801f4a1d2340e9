// A refund from the back office: the administrator gives a paid order's whole sum back through the bank and
// the school takes back what the purchase delivered (take-back.ts).
//
// Three steps, because the bank is asked outside any transaction (a transaction held open over an HTTP call
// would block the family's rows, and on the embedded database the whole app):
// 1. claim — one transaction locks the order row, checks it may be refunded and writes refund_started_at;
//    a gift's unused certificate is cancelled right here, so nobody activates it while the bank is asked.
//    A second call (or a concurrent one) finds the claim and is refused: the bank is asked once.
// 2. the bank's refund.do for the full amount.
// 3. success: one transaction marks the order and the purchase refunded, takes back the delivery, writes
//    the audit row and queues the parent's mail. Refusal or silence: the claim is released (the certificate
//    works again) and nothing else changed.
// A refusal is double-checked with the order's status: a refund the bank made earlier (an answer lost on the
// way, a crash before step 3) shows as «refunded» there and is finished here. A claim left by a crash is
// taken over after REFUND_CLAIM_STALE_MS.
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { formatPrice } from '@contract/money';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { giftCertificates, jobs, paymentOrders, purchases, users } from '../../db/schema/index';
import { SberbankError, SberbankUnavailableError } from '../../integrations/sberbank/client';
import { queueMail } from '../../integrations/mail/queue';
import { HttpError, conflict, notFound } from '../../plugins/errors';
import { recordAudit, type AuditActor } from '../../shared/audit';
import { bankFor } from './gateway';
import { REFUND_JOB, REFUND_PART_JOB } from './order-transitions';
import { BANK_STATUS } from './settle';
import { takeBack, type TakenBack } from './take-back';

/** Longer than the bank's timeout by far: a claim this old was left by a crash. */
export const REFUND_CLAIM_STALE_MS = 5 * 60_000;

export const ORDER_NOT_FOUND = 'Заказ не найден';
export const NOT_PAID = 'Вернуть деньги можно только за оплаченный заказ';
export const ALREADY_REFUNDED = 'Деньги за этот заказ уже вернули';
export const REFUND_IN_PROGRESS =
  'Возврат по этому заказу уже идёт — обновите страницу через минуту';
export const AUTO_REFUND =
  'Этот платёж уже возвращается автоматически: покупку он не оплатил (второй платёж или другая сумма)';
export const PART_REFUND_RUNNING =
  'Часть этого платежа сейчас возвращается автоматически (недели, которые у ребёнка уже были). ' +
  'Вернуть остальное можно, когда она вернётся, — обычно через минуту';
export const GIFT_ACTIVATED =
  'Подарок уже активирован: подписка принадлежит получателю, и забрать её у него школа не может. ' +
  'Деньги за активированный подарок не возвращаются';
export const BANK_AWAY =
  'Банк не ответил — деньги не возвращены, заказ не изменился. Попробуйте ещё раз через минуту: ' +
  'если возврат всё же прошёл, повторный запрос это увидит';
export const bankRefused = (detail: string) =>
  `Банк отказал в возврате${detail ? `: ${detail}` : ''}. Деньги не возвращены, заказ не изменился`;
/** The money is back, but the purchase was delivered by another order of it: nothing to take back. */
export const NOT_THIS_ORDERS = 'Покупку оплатил другой заказ — то, что она дала, не тронуто';

export interface RefundDeps {
  db: Database;
  config: Config;
  log?: FastifyBaseLogger;
}

type OrderRow = typeof paymentOrders.$inferSelect;
type PurchaseRow = typeof purchases.$inferSelect;

interface Claim {
  order: OrderRow & { gatewayOrderId: string };
  purchase: PurchaseRow;
  /** Whether this order is the one that delivered its purchase (not a second payment of it). */
  delivered: boolean;
}

/** The automatic refund of money that is not the purchase's (order-transitions.ts) is still to run. */
export async function autoRefundQueued(
  tx: Database,
  orderId: number,
): Promise<typeof REFUND_JOB | typeof REFUND_PART_JOB | null> {
  const [job] = await tx
    .select({ kind: jobs.kind })
    .from(jobs)
    .where(
      and(
        inArray(jobs.kind, [REFUND_JOB, REFUND_PART_JOB]),
        inArray(jobs.status, ['pending', 'running']),
        sql`${jobs.payload}->>'order_id' = ${String(orderId)}`,
      ),
    )
    .limit(1);
  return job?.kind === REFUND_JOB ? REFUND_JOB : job ? REFUND_PART_JOB : null;
}

/**
 * Whether the order delivered its purchase: the purchase is paid, for this sum, and no other order of it
 * was settled paid before this one (a second payment of something delivered is not its deliverer).
 */
export async function deliveredBy(tx: Database, order: OrderRow, purchase: PurchaseRow) {
  if (purchase.status !== 'paid' || purchase.total !== order.amount) return false;
  const others = await tx
    .select({ id: paymentOrders.id, settledAt: paymentOrders.settledAt })
    .from(paymentOrders)
    .where(
      and(
        eq(paymentOrders.purchaseId, purchase.id),
        inArray(paymentOrders.state, ['paid', 'refunded']),
      ),
    );
  const mine = order.settledAt?.getTime() ?? Infinity;
  return others.every((other) => {
    if (other.id === order.id) return true;
    const theirs = other.settledAt?.getTime() ?? Infinity;
    return theirs > mine || (theirs === mine && other.id > order.id);
  });
}

async function claim(db: Database, orderId: number, now: Date): Promise<Claim> {
  return db.transaction(async (tx) => {
    const [order] = await tx
      .select()
      .from(paymentOrders)
      .where(eq(paymentOrders.id, orderId))
      .for('update');
    if (!order) throw notFound(ORDER_NOT_FOUND);
    if (order.state === 'refunded') throw conflict(ALREADY_REFUNDED);
    if (order.state !== 'paid' || !order.gatewayOrderId) throw conflict(NOT_PAID);
    if (
      order.refundStartedAt &&
      now.getTime() - order.refundStartedAt.getTime() < REFUND_CLAIM_STALE_MS
    ) {
      throw conflict(REFUND_IN_PROGRESS);
    }
    const [purchase] = await tx.select().from(purchases).where(eq(purchases.id, order.purchaseId));
    if (!purchase) throw notFound(ORDER_NOT_FOUND);
    const running = await autoRefundQueued(tx, order.id);
    if (running === REFUND_JOB) throw conflict(AUTO_REFUND);
    if (running === REFUND_PART_JOB) throw conflict(PART_REFUND_RUNNING);
    const delivered = await deliveredBy(tx, order, purchase);
    if (delivered && purchase.type === 'gift') {
      const [certificate] = await tx
        .select()
        .from(giftCertificates)
        .where(eq(giftCertificates.purchaseId, purchase.id))
        .for('update');
      if (certificate?.activatedAt) throw conflict(GIFT_ACTIVATED);
      // One cancelled already (from its own screen) stays cancelled whatever the bank says.
      if (certificate && !certificate.cancelledAt) {
        await tx
          .update(giftCertificates)
          .set({ cancelledAt: now, updatedAt: now })
          .where(eq(giftCertificates.id, certificate.id));
      }
    }
    await tx
      .update(paymentOrders)
      .set({ refundStartedAt: now })
      .where(eq(paymentOrders.id, order.id));
    return { order: { ...order, gatewayOrderId: order.gatewayOrderId }, purchase, delivered };
  });
}

/** The bank refused or did not answer: the order is as it was, the certificate works again. */
async function release(db: Database, claimed: Claim, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .update(paymentOrders)
      .set({ refundStartedAt: null })
      .where(and(eq(paymentOrders.id, claimed.order.id), eq(paymentOrders.refundStartedAt, now)));
    if (claimed.purchase.type === 'gift') {
      await tx
        .update(giftCertificates)
        .set({ cancelledAt: null })
        .where(
          and(
            eq(giftCertificates.purchaseId, claimed.purchase.id),
            eq(giftCertificates.cancelledAt, now),
          ),
        );
    }
  });
}

/** Asks the bank to give the money back; returns when it is back (now or by an earlier request). */
async function askBank(deps: RefundDeps, order: Claim['order']): Promise<void> {
  const bank = bankFor(deps.config);
  try {
    // What is left: a part may have gone back already (weeks the child had, or a part returned at the bank).
    await bank.refund(order.gatewayOrderId, order.amount - order.refundedAmount);
    return;
  } catch (error) {
    if (error instanceof SberbankUnavailableError) {
      deps.log?.warn({ order_id: order.id }, 'the bank did not answer a refund');
      throw new HttpError(503, BANK_AWAY);
    }
    if (!(error instanceof SberbankError)) throw error;
    // Refused — perhaps because the money already went back (an earlier answer lost on the way).
    let status;
    try {
      status = await bank.orderStatus(order.gatewayOrderId);
    } catch {
      status = null;
    }
    const allBack =
      status?.refundedAmount ?? (status?.orderStatus === BANK_STATUS.refunded ? order.amount : 0);
    if (status && allBack >= order.amount) {
      deps.log?.warn({ order_id: order.id }, 'the bank had already refunded the order');
      return;
    }
    deps.log?.warn(
      { order_id: order.id, error_code: error.errorCode },
      'the bank refused a refund',
    );
    throw new HttpError(502, bankRefused(error.errorMessage.trim().slice(0, 200)));
  }
}

const cardLabel = (maskedPan: string | null) =>
  maskedPan ? `•••• ${maskedPan.replace(/\D/g, '').slice(-4)}` : '';

export async function mailParent(
  tx: Database,
  order: OrderRow,
  purchase: PurchaseRow,
  tookBack: boolean,
  amount: number = order.amount - order.refundedAmount,
): Promise<void> {
  const userId = purchase.userId ?? order.userId;
  if (userId === null) return;
  const [user] = await tx
    .select({ email: users.email, name: users.name })
    .from(users)
    .where(eq(users.id, userId));
  if (!user) return;
  await queueMail(tx, {
    template: 'refund',
    to: user.email,
    data: {
      name: user.name,
      title: purchase.lines
        .map((line) => line.name)
        .join(', ')
        .slice(0, 500),
      amount: formatPrice(amount),
      card: cardLabel(order.maskedPan),
      took_back: tookBack,
    },
  });
}

async function finish(
  db: Database,
  claimed: Claim,
  input: { actor: AuditActor; reason: string | null; now: Date },
): Promise<TakenBack> {
  const { actor, reason, now } = input;
  return db.transaction(async (tx) => {
    const [order] = await tx
      .update(paymentOrders)
      .set({
        state: 'refunded',
        gatewayStatus: BANK_STATUS.refunded,
        refundStartedAt: null,
        refundedAt: now,
        refundedAmount: claimed.order.amount,
        refundedBy: actor.id,
        refundReason: reason,
        updatedAt: now,
      })
      .where(and(eq(paymentOrders.id, claimed.order.id), eq(paymentOrders.state, 'paid')))
      .returning();
    if (!order) throw conflict(ALREADY_REFUNDED);
    let result: TakenBack = { takenBack: [], left: [] };
    if (claimed.delivered) {
      await tx
        .update(purchases)
        .set({ status: 'refunded', updatedAt: now })
        .where(eq(purchases.id, claimed.purchase.id));
      result = await takeBack(tx, claimed.purchase, now);
    } else {
      result.takenBack.push(NOT_THIS_ORDERS);
    }
    await recordAudit(tx, actor, {
      action: 'refund',
      resource: 'orders',
      recordId: order.id,
      summary: {
        order_number: order.orderNumber,
        amount: order.amount,
        purchase_type: claimed.purchase.type,
        ...(reason ? { reason } : {}),
        taken_back: result.takenBack,
        left: result.left,
      },
    });
    await mailParent(tx, order, claimed.purchase, claimed.delivered);
    return result;
  });
}

/**
 * Refunds a paid order in full and takes back what it delivered. Throws 404/409 when it cannot be refunded,
 * 502 when the bank refuses and 503 when it does not answer — in both of those nothing has changed.
 */
export async function refundOrder(
  deps: RefundDeps,
  input: { orderId: number; actor: AuditActor; reason: string | null; now: Date },
): Promise<TakenBack> {
  const claimed = await claim(deps.db, input.orderId, input.now);
  try {
    await askBank(deps, claimed.order);
  } catch (error) {
    await release(deps.db, claimed, input.now);
    throw error;
  }
  return finish(deps.db, claimed, input);
}
