// How orders hold uses of a limited promo code. A code's used_count is the uses taken: every paid order,
// plus ONE for each family with orders still waiting at the bank. A family's waiting orders for one purchase
// (the parent opening the bank's page again, or with other terms, which copies the purchase) share the
// first one's hold (promo_held); an order for another purchase of the family is refused while that hold
// waits — the family's unpaid orders count against the family, not against everybody else, and can never
// gather discounts beyond the limit. When the holder fails, the hold passes to a sharing order still
// waiting, or the use goes back (at the latest when the bank's page closes, reconcile.ts); a sharing order
// that gets paid takes a use of its own, and a payment that goes back whole takes none.
//
// A build before this one counts one use per waiting order: while both run during a deploy, a sharing
// order failed by the older build gives back a use it never took, so used_count may lag by that much.
//
// Every change locks the code's row first and the order rows after, in that order everywhere, so two
// orders of one family settled at once never count twice and never deadlock.
import { and, eq, inArray, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { paymentOrders, promoCodes } from '../../db/schema/index';
import { invalidField } from '../../plugins/errors';
import { PROMO_USED_UP, PROMO_WAITING_ELSEWHERE, type PromoHolder } from '../store';

type OrderRow = typeof paymentOrders.$inferSelect;

/** The code's row lock: every change of its uses goes through it. */
export async function lockPromo(tx: Database, promoCodeId: number | null): Promise<void> {
  if (promoCodeId === null) return;
  await tx
    .select({ id: promoCodes.id })
    .from(promoCodes)
    .where(eq(promoCodes.id, promoCodeId))
    .for('update');
}

async function addUses(tx: Database, promoCodeId: number, delta: 1 | -1, now: Date) {
  await tx
    .update(promoCodes)
    .set({ usedCount: sql`greatest(${promoCodes.usedCount} + ${delta}, 0)`, updatedAt: now })
    .where(eq(promoCodes.id, promoCodeId));
}

/** A waiting order of the family (for one purchase, if given) that holds — or shares — a use of the code. */
async function waitingOrder(
  tx: Database,
  userId: number | null,
  promoCodeId: number,
  held: boolean,
  exceptOrderId: number | null,
  purchaseId: number | null = null,
) {
  if (userId === null) return undefined;
  const [row] = await tx
    .select({ id: paymentOrders.id })
    .from(paymentOrders)
    .where(
      and(
        eq(paymentOrders.userId, userId),
        eq(paymentOrders.promoCodeId, promoCodeId),
        eq(paymentOrders.promoHeld, held),
        inArray(paymentOrders.state, ['new', 'pending']),
        exceptOrderId === null ? undefined : ne(paymentOrders.id, exceptOrderId),
        purchaseId === null ? undefined : eq(paymentOrders.purchaseId, purchaseId),
      ),
    )
    .orderBy(paymentOrders.id)
    .limit(1);
  return row;
}

/**
 * For a new order of the family's purchase with the code: whether it holds a use of its own (true) or
 * shares the one a waiting order of that purchase holds (false). A hold waiting for another purchase of the
 * family, or a code used up by others, is refused. Call under lockPromo.
 */
export async function takeUse(
  tx: Database,
  promoCodeId: number,
  holder: PromoHolder,
  now: Date,
): Promise<boolean> {
  const { userId, purchaseId } = holder;
  if (await waitingOrder(tx, userId, promoCodeId, true, null, purchaseId)) return false;
  if (await waitingOrder(tx, userId, promoCodeId, true, null)) {
    throw invalidField('promo_id', PROMO_WAITING_ELSEWHERE);
  }
  const [taken] = await tx
    .update(promoCodes)
    .set({ usedCount: sql`${promoCodes.usedCount} + 1`, updatedAt: now })
    .where(
      and(
        eq(promoCodes.id, promoCodeId),
        or(isNull(promoCodes.maxUses), lt(promoCodes.usedCount, promoCodes.maxUses)),
      ),
    )
    .returning({ id: promoCodes.id });
  if (!taken) throw invalidField('promo_id', PROMO_USED_UP);
  return true;
}

/** A waiting order failed: its hold passes to another waiting order of the family, or the use goes back. */
export async function releaseUse(tx: Database, failed: OrderRow, now: Date): Promise<void> {
  if (failed.promoCodeId === null || !failed.promoHeld) return;
  const heir = await waitingOrder(tx, failed.userId, failed.promoCodeId, false, failed.id);
  if (heir) {
    await tx.update(paymentOrders).set({ promoHeld: true }).where(eq(paymentOrders.id, heir.id));
    return;
  }
  await addUses(tx, failed.promoCodeId, -1, now);
}

/**
 * An order is paid: one that held the use while waiting keeps it; one that shared a family's hold, or had
 * failed and gave its use back, takes a use now — the money is paid, so the use is counted even past the
 * limit.
 */
export async function useOnPayment(tx: Database, before: OrderRow, now: Date): Promise<void> {
  if (before.promoCodeId === null) return;
  if (before.promoHeld && before.state !== 'failed') return;
  await addUses(tx, before.promoCodeId, 1, now);
  await tx.update(paymentOrders).set({ promoHeld: true }).where(eq(paymentOrders.id, before.id));
}
