// Promo codes (ARCHITECTURE §5): case-insensitive, a percent or a fixed sum off, valid between dates, a
// limited number of uses, for some purchase types only. A discount never takes the price below the
// bank's minimum payment, so every purchase goes the one way — through the bank, with a receipt.
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { promoCodes, type PurchaseType } from '../../db/schema/index';
import { invalidField } from '../../plugins/errors';

/** The smallest payment we send to the bank: 1 ₽. */
export const MIN_PAYMENT = 100;

export const PROMO_UNKNOWN = 'Такого промокода нет — проверьте, нет ли опечатки';
export const PROMO_EXPIRED = 'Срок действия промокода закончился';
export const PROMO_NOT_YET = 'Промокод ещё не действует';
export const PROMO_USED_UP = 'Промокод уже использовали столько раз, сколько было можно';
export const PROMO_NOT_FOR_TYPE = 'Этот промокод не подходит для этой покупки';

export type PromoRow = typeof promoCodes.$inferSelect;

export const normalizePromoCode = (code: string) => code.trim().toUpperCase();

/** The discount in kopecks a code gives on an amount. */
export function promoDiscount(promo: Pick<PromoRow, 'kind' | 'value'>, amount: number): number {
  const raw = promo.kind === 'percent' ? Math.floor((amount * promo.value) / 100) : promo.value;
  return Math.max(0, Math.min(raw, amount - MIN_PAYMENT));
}

/** Why a code cannot be used now for a purchase type, or null when it can. */
function promoProblem(promo: PromoRow, now: Date, type: PurchaseType | undefined): string | null {
  if (!promo.isActive) return PROMO_UNKNOWN;
  if (promo.validFrom && promo.validFrom > now) return PROMO_NOT_YET;
  if (promo.validUntil && promo.validUntil <= now) return PROMO_EXPIRED;
  if (promo.maxUses !== null && promo.usedCount >= promo.maxUses) return PROMO_USED_UP;
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
): Promise<PromoRow> {
  const [promo] = await db.select().from(promoCodes).where(where);
  if (!promo) throw invalidField(field, PROMO_UNKNOWN);
  const problem = promoProblem(promo, now, type);
  if (problem) throw invalidField(field, problem);
  return promo;
}

export function promoByCode(
  db: Database,
  code: string,
  now: Date,
  type?: PurchaseType,
): Promise<PromoRow> {
  return usablePromo(db, eq(promoCodes.code, normalizePromoCode(code)), 'code', now, type);
}

export function promoById(
  db: Database,
  id: number,
  now: Date,
  type: PurchaseType,
): Promise<PromoRow> {
  return usablePromo(db, eq(promoCodes.id, id), 'promo_id', now, type);
}
