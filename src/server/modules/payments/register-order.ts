// Turning a purchase into an order at the bank. The purchase's price is settled here for good (promo code,
// children, renewal consent), an order row is written with our own unique number and a reconciliation job,
// and only then is the bank asked — so an order the bank registered but whose answer was lost is still
// found later by its number.
import { randomBytes } from 'node:crypto';
import { and, desc, eq, gt, inArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { CHILD_NOT_FOUND } from '@contract/api/children';
import type { PurchaseType } from '@contract/api/store';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import {
  additionalProgramOffers,
  childAdditionalPrograms,
  children,
  paymentOrders,
  purchases,
  users,
} from '../../db/schema/index';
import { SberbankError, SberbankUnavailableError } from '../../integrations/sberbank/client';
import { enqueue } from '../../jobs/queue';
import { HttpError, conflict, invalidField, notFound } from '../../plugins/errors';
import { promoById } from '../store/promo';
import { PURCHASE_NOT_FOUND, PURCHASE_PAID, pricedWithPromo } from '../store/purchases';
import { bankFor } from './gateway';
import { orderBundle, RECEIPT_TAX_SYSTEM } from './receipt';
import { FAIL_REASONS, type OrderRow } from './settle';

/** How long the bank's payment page stays open (register.do sessionTimeoutSecs; the bank's default). */
export const ORDER_SESSION_SECONDS = 1200;
export const RECONCILE_JOB = 'payments.reconcile';
/** The first look at an order whose callback has not come: a little after a typical payment. */
export const FIRST_RECONCILE_DELAY_MS = 3 * 60_000;

export const WRONG_PURCHASE_TYPE = 'Эта покупка оформляется другим способом';
export const ORDER_IN_PROGRESS = 'Оплата уже оформляется — подождите несколько секунд';
export const BANK_REFUSED = 'Банк не принял заказ. Попробуйте ещё раз чуть позже';
export const BANK_UNAVAILABLE =
  'Банк не ответил. Деньги не списаны — попробуйте ещё раз через минуту';
export const TOO_MANY_CHILDREN = 'Программа куплена не для стольких детей';
export const PROGRAM_ALREADY_OPEN = 'У выбранного ребёнка эта программа уже открыта';

export interface RegisterDeps {
  db: Database;
  config: Config;
  now: Date;
  log?: FastifyBaseLogger;
}

export interface RegisterInput {
  userId: number;
  purchaseId: number;
  /** Register calls of one type refuse purchases of another. */
  types: readonly PurchaseType[];
  promoId?: number | null | undefined;
  recurrent?: boolean | undefined;
  childIds?: readonly number[] | undefined;
}

export interface RegisteredOrder {
  order_id: string;
  form_url: string;
  amount: number;
}

/** Ours, unique at the bank for good (even after the database is rebuilt): id plus randomness, ≤ 32 chars. */
const orderNumberFor = (purchaseId: number) => `P${purchaseId}-${randomBytes(6).toString('hex')}`;

async function ownChildren(
  db: Database,
  userId: number,
  ids: readonly number[],
): Promise<number[]> {
  const unique = [...new Set(ids)];
  const rows = await db
    .select({ id: children.id })
    .from(children)
    .where(and(eq(children.userId, userId), inArray(children.id, unique)));
  if (rows.length !== unique.length) throw notFound(CHILD_NOT_FOUND);
  return unique;
}

/** For an additional program: the children, no more than the offer is for, none who has it already. */
async function programChildren(
  db: Database,
  userId: number,
  offerId: number | null | undefined,
  ids: readonly number[] | undefined,
): Promise<number[]> {
  if (!ids || ids.length === 0) throw invalidField('childIds', 'Выберите хотя бы одного ребёнка');
  const chosen = await ownChildren(db, userId, ids);
  const [offer] =
    offerId === null || offerId === undefined
      ? []
      : await db
          .select()
          .from(additionalProgramOffers)
          .where(eq(additionalProgramOffers.id, offerId));
  if (!offer) throw notFound(PURCHASE_NOT_FOUND);
  if (chosen.length > offer.amountChildren) throw invalidField('childIds', TOO_MANY_CHILDREN);
  const owned = await db
    .select({ childId: childAdditionalPrograms.childId })
    .from(childAdditionalPrograms)
    .where(
      and(
        inArray(childAdditionalPrograms.childId, chosen),
        eq(childAdditionalPrograms.additionalProgramId, offer.additionalProgramId),
      ),
    );
  if (owned.length > 0) throw invalidField('childIds', PROGRAM_ALREADY_OPEN);
  return chosen;
}

type Prepared = { order: OrderRow; reused: false } | { order: OrderRow; reused: true };

/** Settles the purchase's price and writes the order row, in one transaction under the purchase's lock. */
async function prepareOrder(deps: RegisterDeps, input: RegisterInput): Promise<Prepared> {
  const { db, now } = deps;
  return db.transaction(async (tx) => {
    const [purchase] = await tx
      .select()
      .from(purchases)
      .where(and(eq(purchases.id, input.purchaseId), eq(purchases.userId, input.userId)))
      .for('update');
    if (!purchase || purchase.status === 'cancelled') throw notFound(PURCHASE_NOT_FOUND);
    if (purchase.status === 'paid') throw conflict(PURCHASE_PAID);
    if (!input.types.includes(purchase.type))
      throw invalidField('purchase_id', WRONG_PURCHASE_TYPE);

    const childIds =
      purchase.type === 'additional-program'
        ? await programChildren(tx, input.userId, purchase.lines[0]?.ref_id, input.childIds)
        : purchase.childIds;
    const promo =
      input.promoId === null || input.promoId === undefined
        ? null
        : await promoById(tx, input.promoId, now, purchase.type);
    const price =
      purchase.type === 'weeks'
        ? pricedWithPromo(purchase, null)
        : pricedWithPromo(purchase, promo);
    const recurrent = purchase.type === 'subscription' && input.recurrent === true;

    // An order of this purchase still open at the bank, for the same sum: the same page again.
    const [open] = await tx
      .select()
      .from(paymentOrders)
      .where(
        and(
          eq(paymentOrders.purchaseId, purchase.id),
          inArray(paymentOrders.state, ['new', 'pending']),
          gt(paymentOrders.createdAt, new Date(now.getTime() - ORDER_SESSION_SECONDS * 1000)),
        ),
      )
      .orderBy(desc(paymentOrders.createdAt))
      .limit(1);
    if (
      open &&
      open.amount === price.total &&
      purchase.recurrent === recurrent &&
      JSON.stringify(purchase.childIds) === JSON.stringify(childIds)
    ) {
      if (open.state === 'new' || !open.formUrl) throw conflict(ORDER_IN_PROGRESS);
      return { order: open, reused: true };
    }

    await tx
      .update(purchases)
      .set({ ...price, recurrent, childIds, updatedAt: now })
      .where(eq(purchases.id, purchase.id));
    const [order] = await tx
      .insert(paymentOrders)
      .values({
        purchaseId: purchase.id,
        userId: input.userId,
        orderNumber: orderNumberFor(purchase.id),
        amount: price.total,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    if (!order) throw new Error('order insert returned nothing');
    await enqueue(
      tx,
      RECONCILE_JOB,
      { order_id: order.id },
      { runAt: new Date(now.getTime() + FIRST_RECONCILE_DELAY_MS), maxAttempts: 8 },
    );
    return { order, reused: false };
  });
}

export async function registerOrder(
  deps: RegisterDeps,
  input: RegisterInput,
): Promise<RegisteredOrder> {
  const prepared = await prepareOrder(deps, input);
  const { order } = prepared;
  if (prepared.reused && order.gatewayOrderId && order.formUrl) {
    return { order_id: order.gatewayOrderId, form_url: order.formUrl, amount: order.amount };
  }
  const { db, config, now } = deps;
  const [purchase] = await db.select().from(purchases).where(eq(purchases.id, order.purchaseId));
  const [user] = await db
    .select({ email: users.email })
    .from(users)
    .where(eq(users.id, input.userId));
  if (!purchase || !user) throw notFound(PURCHASE_NOT_FOUND);

  const description = purchase.lines
    .map((line) => line.name)
    .join('; ')
    .slice(0, 500);
  try {
    const registered = await bankFor(config).register({
      orderNumber: order.orderNumber,
      amount: order.amount,
      returnUrl: `${config.publicUrl}/successful-payment`,
      failUrl: `${config.publicUrl}/fail-payment`,
      description,
      // The payer's id at the bank: with it the bank saves the card, which renewals need.
      clientId: purchase.recurrent ? String(input.userId) : undefined,
      email: user.email,
      jsonParams: { purchase_id: String(purchase.id), type: purchase.type },
      sessionTimeoutSecs: ORDER_SESSION_SECONDS,
      orderBundle: orderBundle(purchase.type, purchase.lines, purchase.discount, user.email),
      taxSystem: RECEIPT_TAX_SYSTEM,
    });
    await db
      .update(paymentOrders)
      .set({
        gatewayOrderId: registered.orderId,
        formUrl: registered.formUrl,
        state: 'pending',
        updatedAt: now,
      })
      .where(eq(paymentOrders.id, order.id));
    return { order_id: registered.orderId, form_url: registered.formUrl, amount: order.amount };
  } catch (error) {
    if (error instanceof SberbankError) {
      deps.log?.warn(
        { order_id: order.id, error_code: error.errorCode },
        'the bank refused to register an order',
      );
      await db
        .update(paymentOrders)
        .set({
          state: 'failed',
          failReason: FAIL_REASONS.bankRefused,
          settledAt: now,
          updatedAt: now,
        })
        .where(eq(paymentOrders.id, order.id));
      throw new HttpError(503, BANK_REFUSED);
    }
    if (error instanceof SberbankUnavailableError) {
      // The order stays `new`: the reconciler asks the bank about it by its number.
      deps.log?.warn({ order_id: order.id }, 'the bank did not answer register');
      throw new HttpError(503, BANK_UNAVAILABLE);
    }
    throw error;
  }
}
