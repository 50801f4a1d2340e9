// A purchase: what the parent chose, priced on the server from the catalogue (no amount ever comes from
// the browser). It stays `new` until an order for it is paid; the parent may re-choose (purchase_id) or
// add a promo code only until its first order is registered — from then on it is frozen.
import { and, eq } from 'drizzle-orm';
import type { Purchase } from '@contract/api/store';
import type { Database } from '../../db/client';
import { paymentOrders, purchases, type PurchaseType } from '../../db/schema/index';
import { conflict, notFound } from '../../plugins/errors';
import { linesAmount, priceItems } from './pricing';
import { promoDiscount, type PromoRow } from './promo';

export const PURCHASE_NOT_FOUND = 'Покупка не найдена';
export const PURCHASE_PAID = 'Эта покупка уже оплачена';

export type PurchaseRow = typeof purchases.$inferSelect;

export function toPurchase(row: PurchaseRow): Purchase {
  return {
    purchase_id: row.id,
    type: row.type,
    items: row.lines.map((line) => ({
      id: line.ref_id,
      name: line.name,
      quantity: line.quantity,
      price: line.price,
    })),
    amount: row.amount,
    discount: row.discount,
    total: row.total,
    promo_id: row.promoCodeId,
  };
}

/** The parent's own purchase, or 404 whoever else's it is (no hint that it exists). */
export async function ownPurchase(
  db: Database,
  userId: number,
  purchaseId: number,
): Promise<PurchaseRow> {
  const [row] = await db
    .select()
    .from(purchases)
    .where(and(eq(purchases.id, purchaseId), eq(purchases.userId, userId)));
  if (!row) throw notFound(PURCHASE_NOT_FOUND);
  return row;
}

/**
 * Changes the parent's purchase while it has never been sent to the bank, under the purchase's row lock —
 * the lock registering an order takes too (payments/register-order.ts) — so a change and an order never
 * cross: once an order exists the purchase is frozen, and `null` says so. 404 for another family's.
 */
export async function changeUnsentPurchase(
  db: Database,
  userId: number,
  purchaseId: number,
  change: (row: PurchaseRow) => Partial<PurchaseRow>,
): Promise<PurchaseRow | null> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(purchases)
      .where(and(eq(purchases.id, purchaseId), eq(purchases.userId, userId)))
      .for('update');
    if (!row) throw notFound(PURCHASE_NOT_FOUND);
    if (row.status === 'paid') throw conflict(PURCHASE_PAID);
    if (row.status !== 'new') throw notFound(PURCHASE_NOT_FOUND);
    // Read after the lock is held: an order written by a transaction that held it before is seen here.
    const [order] = await tx
      .select({ id: paymentOrders.id })
      .from(paymentOrders)
      .where(eq(paymentOrders.purchaseId, purchaseId))
      .limit(1);
    if (order) return null;
    const [changed] = await tx
      .update(purchases)
      .set(change(row))
      .where(eq(purchases.id, purchaseId))
      .returning();
    return changed ?? null;
  });
}

/** The parent's purchase that can still be paid. */
export async function openPurchase(
  db: Database,
  userId: number,
  purchaseId: number,
): Promise<PurchaseRow> {
  const row = await ownPurchase(db, userId, purchaseId);
  if (row.status === 'paid') throw conflict(PURCHASE_PAID);
  if (row.status !== 'new') throw notFound(PURCHASE_NOT_FOUND);
  return row;
}

export async function initializePurchase({
  db,
  now,
  userId,
  type,
  ids,
  purchaseId,
}: {
  db: Database;
  now: Date;
  userId: number;
  type: Exclude<PurchaseType, 'weeks'>;
  ids: readonly number[];
  purchaseId: number | null;
}): Promise<Purchase> {
  const priced = await priceItems(db, type, ids);
  const amount = linesAmount(priced.lines);
  const values = {
    type,
    lines: priced.lines,
    tariffId: priced.tariffId,
    amount,
    promoCodeId: null,
    discount: 0,
    total: amount,
  };
  // Re-choosing changes a purchase only while it has never been sent to the bank; after that an order
  // there may still be paid for what it was registered with, so the new choice becomes a purchase of its own.
  if (purchaseId !== null) {
    const changed = await changeUnsentPurchase(db, userId, purchaseId, () => ({
      ...values,
      updatedAt: now,
    }));
    if (changed) return toPurchase(changed);
  }
  const [row] = await db
    .insert(purchases)
    .values({ userId, ...values, createdAt: now, updatedAt: now })
    .returning();
  if (!row) throw new Error('purchase insert returned nothing');
  return toPurchase(row);
}

/** The purchase's price with a promo code (or none): the values to write before registering an order. */
export function pricedWithPromo(row: Pick<PurchaseRow, 'amount'>, promo: PromoRow | null) {
  const discount = promo ? promoDiscount(promo, row.amount) : 0;
  return { promoCodeId: promo?.id ?? null, discount, total: row.amount - discount };
}
