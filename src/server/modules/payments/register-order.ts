// Turning a purchase into an order at the bank. The purchase's price is settled here for good (promo code,
// children, renewal consent), an order row is written with our own unique number and a reconciliation job,
// and only then is the bank asked — so an order the bank registered but whose answer was lost is still
// found later by its number.
import { randomBytes } from 'node:crypto';
import { and, desc, eq, inArray } from 'drizzle-orm';
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
import { promoById } from '../store';
import { PURCHASE_NOT_FOUND, PURCHASE_PAID, pricedWithPromo } from '../store';
import { bankFor } from './gateway';
import { orderBundle, RECEIPT_TAX_SYSTEM } from './receipt';
import { failOrder, type OrderRow } from './order-transitions';
import { ORDER_SESSION_SECONDS } from './bank-session';
import { FAIL_REASONS } from './settle';

export { ORDER_SESSION_SECONDS } from './bank-session';
import { lockPromo, takeUse } from './promo-holds';

export const RECONCILE_JOB = 'payments.reconcile';

/** The first look at an order whose callback has not come: a little after a typical payment. */
export const FIRST_RECONCILE_DELAY_MS = 3 * 60_000;

export const WRONG_PURCHASE_TYPE = 'Эта покупка оформляется другим способом';
export const ORDER_IN_PROGRESS = 'Оплата уже оформляется — подождите несколько секунд';
export const BANK_REFUSED = 'Банк не принял заказ. Попробуйте ещё раз чуть позже';
export const BANK_UNAVAILABLE =
  'Банк не ответил. Деньги не списаны — попробуйте ещё раз через минуту';
export const TOO_MANY_CHILDREN = 'Программа куплена не для стольких детей';
export const PROMO_NOT_APPLIED = 'Сначала примените промокод к этой покупке';
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
  /** The school's number: the bank's page, the payment history and support all name the order by it. */
  order_number: string;
  form_url: string;
  amount: number;
}

/** 32 letters and digits without 0/O and 1/I, which are misread aloud and on a phone's screen. */
const ORDER_NUMBER_ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';

/**
 * Ours, unique at the bank for good (even after the database is rebuilt): the purchase's id and six
 * random characters, short enough for a parent to read out to support («Заказ № 31-7KQM2X»).
 */
export function orderNumberFor(purchaseId: number): string {
  const tail = [...randomBytes(6)].map((byte) => ORDER_NUMBER_ALPHABET[byte % 32]).join('');
  return `${purchaseId}-${tail}`;
}

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
    // The code's row before the purchase's, as everywhere (promo-holds.ts): a payment settling an earlier
    // order of this purchase takes them in that order too.
    await lockPromo(tx, input.promoId ?? null);
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
    // A promo code comes only as the one the parent applied to this purchase (store/web/promocode with
    // its purchase_id): an id typed into the request cannot stand in for knowing the code.
    const wantsPromo = input.promoId !== null && input.promoId !== undefined;
    // The purchase the parent started holds the use, whatever copies other terms make of it below.
    const holder = { userId: input.userId, purchaseId: purchase.id };
    if (wantsPromo && (purchase.type === 'weeks' || purchase.promoCodeId !== input.promoId)) {
      throw invalidField('promo_id', PROMO_NOT_APPLIED);
    }
    const promo = wantsPromo
      ? await promoById(tx, input.promoId ?? 0, now, purchase.type, holder)
      : null;
    const price = pricedWithPromo(purchase, promo);
    const recurrent = purchase.type === 'subscription' && input.recurrent === true;
    const terms = { ...price, recurrent, childIds };

    const orders = await tx
      .select()
      .from(paymentOrders)
      .where(eq(paymentOrders.purchaseId, purchase.id))
      .orderBy(desc(paymentOrders.createdAt));
    // The same terms while the bank's page is still open: the same page again.
    const open = orders.find(
      (o) =>
        (o.state === 'new' || o.state === 'pending') &&
        o.createdAt.getTime() > now.getTime() - ORDER_SESSION_SECONDS * 1000,
    );
    const sameTerms =
      open !== undefined &&
      open.amount === terms.total &&
      open.promoCodeId === terms.promoCodeId &&
      purchase.recurrent === recurrent &&
      JSON.stringify(purchase.childIds) === JSON.stringify(childIds);
    if (open && sameTerms) {
      if (open.state === 'new' || !open.formUrl) throw conflict(ORDER_IN_PROGRESS);
      return { order: open, reused: true };
    }

    // A purchase once sent to the bank never changes (an order there may still be paid): other terms
    // make a new purchase of the same lines.
    let target = purchase.id;
    if (orders.length === 0) {
      await tx
        .update(purchases)
        .set({ ...terms, updatedAt: now })
        .where(eq(purchases.id, purchase.id));
    } else {
      const [copy] = await tx
        .insert(purchases)
        .values({
          userId: input.userId,
          type: purchase.type,
          lines: purchase.lines,
          tariffId: purchase.tariffId,
          amount: purchase.amount,
          ...terms,
          createdAt: now,
          updatedAt: now,
        })
        .returning({ id: purchases.id });
      if (!copy) throw new Error('purchase copy returned nothing');
      target = copy.id;
    }
    // The order takes a use of its code, or shares the one the family's waiting order holds; a code used
    // up by other families is refused now.
    const promoHeld = promo ? await takeUse(tx, promo.id, holder, now) : true;
    const [order] = await tx
      .insert(paymentOrders)
      .values({
        purchaseId: target,
        userId: input.userId,
        orderNumber: orderNumberFor(target),
        amount: terms.total,
        promoCodeId: terms.promoCodeId,
        promoHeld,
        terms: {
          type: purchase.type,
          lines: purchase.lines,
          tariff_id: purchase.tariffId,
          child_ids: childIds,
          discount: terms.discount,
          recurrent,
        },
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
    return {
      order_id: order.gatewayOrderId,
      order_number: order.orderNumber,
      form_url: order.formUrl,
      amount: order.amount,
    };
  }
  const { db, config, now } = deps;
  const terms = order.terms;
  const [user] = await db
    .select({ email: users.email })
    .from(users)
    .where(eq(users.id, input.userId));
  if (!terms || !user) throw notFound(PURCHASE_NOT_FOUND);

  // The bank is told exactly the terms the order row keeps: what its receipt says is what a payment delivers.
  const description = terms.lines
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
      clientId: terms.recurrent ? String(input.userId) : undefined,
      email: user.email,
      jsonParams: { purchase_id: String(order.purchaseId), type: terms.type },
      sessionTimeoutSecs: ORDER_SESSION_SECONDS,
      orderBundle: orderBundle(terms.type, terms.lines, terms.discount, user.email),
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
    return {
      order_id: registered.orderId,
      order_number: order.orderNumber,
      form_url: registered.formUrl,
      amount: order.amount,
    };
  } catch (error) {
    if (error instanceof SberbankError) {
      deps.log?.warn(
        { order_id: order.id, error_code: error.errorCode },
        'the bank refused to register an order',
      );
      await failOrder(db, order.id, FAIL_REASONS.bankRefused, now);
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
