// The renewal job. One self-rescheduling job kind, `renewals.tick`, scans the renewal rows every
// TICK_MS (the scan reads the partial index on next_charge_at): it mails the reminder 3 days before a
// charge and charges the rows that are due. A scan rather than a job per renewal, because pauses,
// purchases by hand and cancellations move or stop charges at any time, and a scan simply reads the row
// as it is now. Every step is a conditional update of the row, so two ticks at once (or one run twice)
// remind once and register one order: while the row's charge order is open no other is registered.
import { and, eq, gt, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import {
  cardBindings,
  jobs,
  paymentOrders,
  purchases,
  subscriptionRenewals,
  tariffs,
  users,
} from '../../db/schema/index';
import { SberbankError, SberbankUnavailableError } from '../../integrations/sberbank/client';
import { enqueue } from '../../jobs/queue';
import type { JobHandler } from '../../jobs/types';
import { bankFor } from '../payments';
import { orderBundle, RECEIPT_TAX_SYSTEM } from '../payments';
import { FIRST_RECONCILE_DELAY_MS, orderNumberFor, RECONCILE_JOB } from '../payments';
import { FAIL_REASONS, settleOrder } from '../payments';
import { mailAbout } from '../payments';
import { renewalAmount } from '../payments';

export const RENEWAL_TICK_JOB = 'renewals.tick';
export const TICK_MS = 15 * 60_000;
const DAY_MS = 24 * 60 * 60_000;
export const REMIND_BEFORE_MS = 3 * DAY_MS;
export const RETRY_AFTER_MS = DAY_MS;
/** The first charge and two retries. */
export const MAX_CHARGE_ATTEMPTS = 3;
/** paymentOrderBinding wants the payer's address; a renewal has no payer online, so it is ours. */
const SERVER_IP = '127.0.0.1';

export interface RenewalDeps {
  db: Database;
  config: Config;
  now: Date;
  log?: FastifyBaseLogger | undefined;
}

type RenewalRow = typeof subscriptionRenewals.$inferSelect;

/** Active rows, their card not removed. */
const chargeable = and(isNull(subscriptionRenewals.cancelledAt), isNull(cardBindings.removedAt));

async function remindDue({ db, now }: RenewalDeps): Promise<number> {
  const due = await db
    .select({ renewal: subscriptionRenewals })
    .from(subscriptionRenewals)
    .innerJoin(cardBindings, eq(cardBindings.id, subscriptionRenewals.cardBindingId))
    .where(
      and(
        chargeable,
        gt(subscriptionRenewals.nextChargeAt, now),
        lte(subscriptionRenewals.nextChargeAt, new Date(now.getTime() + REMIND_BEFORE_MS)),
        eq(subscriptionRenewals.failedAttempts, 0),
        or(
          isNull(subscriptionRenewals.remindedFor),
          sql`${subscriptionRenewals.remindedFor} <> ${subscriptionRenewals.nextChargeAt}`,
        ),
      ),
    );
  let sent = 0;
  for (const { renewal } of due) {
    await db.transaction(async (tx) => {
      // Only the tick that marks the date sends the mail.
      const [won] = await tx
        .update(subscriptionRenewals)
        .set({ remindedFor: renewal.nextChargeAt, updatedAt: now })
        .where(
          and(
            eq(subscriptionRenewals.id, renewal.id),
            isNull(subscriptionRenewals.cancelledAt),
            eq(subscriptionRenewals.nextChargeAt, renewal.nextChargeAt),
            or(
              isNull(subscriptionRenewals.remindedFor),
              sql`${subscriptionRenewals.remindedFor} <> ${subscriptionRenewals.nextChargeAt}`,
            ),
          ),
        )
        .returning();
      if (won) {
        await mailAbout(tx, won, 'renewal-reminder', won.nextChargeAt);
        sent += 1;
      }
    });
  }
  return sent;
}

/** A failed charge: try again a day later, or give up after the last retry and tell the parent. */
async function recordFailure(
  deps: RenewalDeps,
  row: RenewalRow,
  orderId: number,
  amount: number,
  needsConfirmation: boolean,
) {
  const { db, now } = deps;
  await db.transaction(async (tx) => {
    const attempts = row.failedAttempts + 1;
    const giveUp = needsConfirmation || attempts >= MAX_CHARGE_ATTEMPTS;
    const [changed] = await tx
      .update(subscriptionRenewals)
      .set({
        failedAttempts: attempts,
        chargeOrderId: null,
        updatedAt: now,
        ...(giveUp
          ? { cancelledAt: now, cancelReason: 'charge_failed' as const }
          : { nextChargeAt: new Date(now.getTime() + RETRY_AFTER_MS) }),
      })
      .where(
        and(
          eq(subscriptionRenewals.id, row.id),
          eq(subscriptionRenewals.chargeOrderId, orderId),
          isNull(subscriptionRenewals.cancelledAt),
        ),
      )
      .returning();
    if (changed && giveUp) {
      await mailAbout(tx, changed, 'renewal-failed', now, { amount, needsConfirmation });
    }
  });
}

/** What became of the row's open order, once the bank has had its say. */
async function followOrder(deps: RenewalDeps, row: RenewalRow, orderId: number): Promise<void> {
  const { db, now } = deps;
  const [order] = await db.select().from(paymentOrders).where(eq(paymentOrders.id, orderId));
  if (!order) return;
  let state = order.state === 'paid' ? 'paid' : order.state === 'failed' ? 'failed' : 'pending';
  if (state === 'pending' && order.gatewayOrderId) {
    try {
      state = await settleOrder({ db, config: deps.config, now, log: deps.log }, order);
    } catch (error) {
      if (!(error instanceof SberbankUnavailableError)) throw error;
      return;
    }
  }
  if (state === 'failed') await recordFailure(deps, row, orderId, order.amount, false);
}

/** Writes the purchase and the renewal order for a due row, unless another tick already did. */
async function prepareCharge(deps: RenewalDeps, row: RenewalRow) {
  const { db, now } = deps;
  return db.transaction(async (tx) => {
    const [locked] = await tx
      .select()
      .from(subscriptionRenewals)
      .where(eq(subscriptionRenewals.id, row.id))
      .for('update', { skipLocked: true });
    if (
      !locked ||
      locked.cancelledAt !== null ||
      locked.chargeOrderId !== null ||
      locked.nextChargeAt > now
    ) {
      return null;
    }
    const [tariff] = await tx.select().from(tariffs).where(eq(tariffs.id, locked.tariffId));
    const [card] = await tx
      .select()
      .from(cardBindings)
      .where(eq(cardBindings.id, locked.cardBindingId));
    const [user] = await tx
      .select({ email: users.email })
      .from(users)
      .where(eq(users.id, locked.userId));
    if (!tariff || !card || card.removedAt || !user || tariff.price <= 0) return null;
    const price = await renewalAmount(tx, locked.userId, tariff);
    const lines = [{ ref_id: tariff.id, name: tariff.title, quantity: 1, price }];
    const [purchase] = await tx
      .insert(purchases)
      .values({
        userId: locked.userId,
        type: 'subscription',
        lines,
        tariffId: tariff.id,
        amount: price,
        total: price,
        recurrent: true,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    if (!purchase) throw new Error('purchase insert returned nothing');
    const [order] = await tx
      .insert(paymentOrders)
      .values({
        purchaseId: purchase.id,
        userId: locked.userId,
        kind: 'renewal',
        // The same short number as a payment by hand, R for a renewal: the history shows it too.
        orderNumber: `R${orderNumberFor(purchase.id)}`,
        amount: purchase.total,
        terms: {
          type: 'subscription',
          lines,
          tariff_id: tariff.id,
          child_ids: [],
          discount: 0,
          recurrent: true,
        },
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    if (!order) throw new Error('order insert returned nothing');
    await tx
      .update(subscriptionRenewals)
      .set({ chargeOrderId: order.id, updatedAt: now })
      .where(eq(subscriptionRenewals.id, locked.id));
    // The reconciler settles the order if this tick loses the bank's answer.
    await enqueue(
      tx,
      RECONCILE_JOB,
      { order_id: order.id },
      { runAt: new Date(now.getTime() + FIRST_RECONCILE_DELAY_MS), maxAttempts: 8 },
    );
    return {
      row: { ...locked, chargeOrderId: order.id },
      order,
      card,
      purchase,
      email: user.email,
    };
  });
}

async function charge(deps: RenewalDeps, row: RenewalRow): Promise<void> {
  const prepared = await prepareCharge(deps, row);
  if (!prepared) return;
  const { db, config, now } = deps;
  const { order, card, purchase, email } = prepared;
  const bank = bankFor(config);
  const markRefused = () =>
    db
      .update(paymentOrders)
      .set({
        state: 'failed',
        failReason: FAIL_REASONS.bankRefused,
        settledAt: now,
        updatedAt: now,
      })
      .where(eq(paymentOrders.id, order.id));
  let gatewayOrderId: string;
  try {
    const registered = await bank.register({
      orderNumber: order.orderNumber,
      amount: order.amount,
      returnUrl: `${config.publicUrl}/successful-payment`,
      description: purchase.lines
        .map((line) => line.name)
        .join('; ')
        .slice(0, 500),
      clientId: String(row.userId),
      bindingId: card.bindingId,
      features: ['AUTO_PAYMENT'],
      email,
      jsonParams: { purchase_id: String(purchase.id), type: 'renewal' },
      orderBundle: orderBundle('subscription', purchase.lines, 0, email),
      taxSystem: RECEIPT_TAX_SYSTEM,
    });
    gatewayOrderId = registered.orderId;
    await db
      .update(paymentOrders)
      .set({
        gatewayOrderId,
        formUrl: registered.formUrl || null,
        state: 'pending',
        updatedAt: now,
      })
      .where(eq(paymentOrders.id, order.id));
  } catch (error) {
    if (error instanceof SberbankError) {
      await markRefused();
      await recordFailure(deps, prepared.row, order.id, order.amount, false);
      return;
    }
    // No answer: the order stays open for the reconciler, and no second one is registered meanwhile.
    if (error instanceof SberbankUnavailableError) return;
    throw error;
  }
  let needsConfirmation = false;
  try {
    const paid = await bank.payWithBinding({
      mdOrder: gatewayOrderId,
      bindingId: card.bindingId,
      ip: SERVER_IP,
    });
    needsConfirmation = paid.outcome === 'needs-3ds';
  } catch (error) {
    if (error instanceof SberbankUnavailableError) return;
    if (!(error instanceof SberbankError)) throw error;
    // A refused charge (the card declined, the binding gone) leaves the order unpaid at the bank; the
    // status is still asked first, in case the bank counts it otherwise.
    const [open] = await db.select().from(paymentOrders).where(eq(paymentOrders.id, order.id));
    const state = open ? await settleOrder({ db, config, now, log: deps.log }, open) : 'failed';
    if (state === 'pending') {
      await db
        .update(paymentOrders)
        .set({ state: 'failed', failReason: FAIL_REASONS.declined, settledAt: now, updatedAt: now })
        .where(
          and(eq(paymentOrders.id, order.id), inArray(paymentOrders.state, ['new', 'pending'])),
        );
    }
  }
  if (needsConfirmation) {
    await recordFailure(deps, prepared.row, order.id, order.amount, true);
    return;
  }
  await followOrder(deps, prepared.row, order.id);
}

/** One pass: reminders, charges due, and charges whose order is still open. */
export async function runRenewals(
  deps: RenewalDeps,
): Promise<{ reminded: number; charged: number }> {
  const reminded = await remindDue(deps);
  const due = await deps.db
    .select({ renewal: subscriptionRenewals })
    .from(subscriptionRenewals)
    .innerJoin(cardBindings, eq(cardBindings.id, subscriptionRenewals.cardBindingId))
    .where(and(chargeable, lte(subscriptionRenewals.nextChargeAt, deps.now)))
    .orderBy(subscriptionRenewals.nextChargeAt)
    .limit(500);
  let charged = 0;
  for (const { renewal } of due) {
    if (renewal.chargeOrderId !== null) {
      await followOrder(deps, renewal, renewal.chargeOrderId);
    } else {
      await charge(deps, renewal);
      charged += 1;
    }
  }
  return { reminded, charged };
}

/** The tick is put on the queue at start when none is waiting; each run queues the next. */
export async function ensureRenewalTick(db: Database, runAt?: Date): Promise<void> {
  const [waiting] = await db
    .select({ id: jobs.id })
    .from(jobs)
    .where(and(eq(jobs.kind, RENEWAL_TICK_JOB), eq(jobs.status, 'pending')))
    .limit(1);
  if (!waiting) await enqueue(db, RENEWAL_TICK_JOB, {}, runAt ? { runAt } : {});
}

export const renewalTickJob: JobHandler = async (_payload, context) => {
  const now = context.clock();
  try {
    await runRenewals({ db: context.db, config: context.config, now, log: context.logger });
  } finally {
    await ensureRenewalTick(context.db, new Date(now.getTime() + TICK_MS));
  }
};
