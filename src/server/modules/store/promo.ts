// Promo codes (docs/PRODUCT.md «Product rules»): case-insensitive, a percent or a fixed sum off, valid between dates, a
// limited number of uses, for some purchase types only. A discount never takes the price below the
// bank's minimum payment, so every purchase goes the one way — through the bank, with a receipt.
import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { paymentOrders, promoCodes, type PurchaseType } from '../../db/schema/index';
import { invalidField } from '../../plugins/errors';

/** The smallest payment we send to the bank: 1 ₽. */
export const MIN_PAYMENT = 100;

export const PROMO_UNKNOWN = 'Такого промокода нет — проверьте, нет ли опечатки';
export const PROMO_EXPIRED = 'Срок действия промокода закончился';
export const PROMO_NOT_YET = 'Промокод ещё не действует';
export const PROMO_USED_UP = 'Промокод уже использовали столько раз, сколько было можно';
export const PROMO_NOT_FOR_TYPE = 'Этот промокод не подходит для этой покупки';
export const PROMO_WAITING_ELSEWHERE =
  'Этот промокод уже ждёт оплаты в другом вашем заказе: оплатите его или подождите, пока закроется ' +
  'страница банка — это до 20 минут';

/** Who would hold a use: the family, for one purchase (the one the parent started, whatever copies it made). */
export interface PromoHolder {
  userId: number;
  purchaseId: number;
}

export type PromoRow = typeof promoCodes.$inferSelect;

export const normalizePromoCode = (code: string) => code.trim().toUpperCase();

/** The discount in kopecks a code gives on an amount. */
export function promoDiscount(promo: Pick<PromoRow, 'kind' | 'value'>, amount: number): number {
  const raw = promo.kind === 'percent' ? Math.floor((amount * promo.value) / 100) : promo.value;
  return Math.max(0, Math.min(raw, amount - MIN_PAYMENT));
}

/**
 * Whether the family already holds a use of the code for this purchase through an order still waiting at
 * the bank. A purchase's unpaid orders share a single use (payments/promo-holds.ts), so a parent who opened
 * the bank's page and came back is never told the code is used up by themselves.
 */
export async function familyHoldsUse(
  db: Database,
  holder: PromoHolder | null,
  promoId: number,
): Promise<boolean> {
  if (holder === null) return false;
  const [held] = await db
    .select({ id: paymentOrders.id })
    .from(paymentOrders)
    .where(
      and(
        eq(paymentOrders.userId, holder.userId),
        eq(paymentOrders.purchaseId, holder.purchaseId),
        eq(paymentOrders.promoCodeId, promoId),
        eq(paymentOrders.promoHeld, true),
        inArray(paymentOrders.state, ['new', 'pending']),
      ),
    )
    .limit(1);
  return held !== undefined;
}

/** Why a code cannot be used now for a purchase type, or null when it can. */
function promoProblem(
  promo: PromoRow,
  now: Date,
  type: PurchaseType | undefined,
  familyHolds: boolean,
): string | null {
  if (!promo.isActive) return PROMO_UNKNOWN;
  if (promo.validFrom && promo.validFrom > now) return PROMO_NOT_YET;
  if (promo.validUntil && promo.validUntil <= now) return PROMO_EXPIRED;
  if (promo.maxUses !== null && promo.usedCount >= promo.maxUses && !familyHolds) {
    return PROMO_USED_UP;
  }
  if (type && promo.purchaseTypes.length > 0 && !promo.purchaseTypes.includes(type)) {
    return PROMO_NOT_FOR_TYPE;
  }
  return null;
}

async function usablePromo(
  db: Database,
  where: ReturnType<typeof eq>,
  field: string,
  now: Date,
  type: PurchaseType | undefined,
  holder: PromoHolder | null,
): Promise<PromoRow> {
  const [promo] = await db.select().from(promoCodes).where(where);
  if (!promo) throw invalidField(field, PROMO_UNKNOWN);
  const usedUp = promo.maxUses !== null && promo.usedCount >= promo.maxUses;
  const familyHolds = usedUp && (await familyHoldsUse(db, holder, promo.id));
  const problem = promoProblem(promo, now, type, familyHolds);
  if (problem) throw invalidField(field, problem);
  return promo;
}

/** The code a parent typed, if it can be used now; `holder`: the family's purchase (null for a guest). */
export function promoByCode(
  db: Database,
  code: string,
  now: Date,
  type: PurchaseType | undefined,
  holder: PromoHolder | null,
): Promise<PromoRow> {
  const where = eq(promoCodes.code, normalizePromoCode(code));
  return usablePromo(db, where, 'code', now, type, holder);
}

export function promoById(
  db: Database,
  id: number,
  now: Date,
  type: PurchaseType,
  holder: PromoHolder,
): Promise<PromoRow> {
  return usablePromo(db, eq(promoCodes.id, id), 'promo_id', now, type, holder);
}
