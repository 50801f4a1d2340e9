// POST /store/web/promocode: what a code gives, and on which price. A guest still choosing a tariff may ask
// too (the journey starts on /subscribe before registering), so the price can come from a tariff id.
import type { Promocode, PromocodeBody } from '@contract/api/store';
import type { Database } from '../../db/client';
import { conflict } from '../../plugins/errors';
import { linesAmount, priceItems } from './pricing';
import { promoByCode, promoDiscount, type PromoRow } from './promo';
import { changeUnsentPurchase, ownPurchase } from './purchases';

export const PURCHASE_SENT =
  'Эта покупка уже оформлена — начните её заново, чтобы применить промокод';

export async function checkPromocode({
  db,
  now,
  userId,
  body,
}: {
  db: Database;
  now: Date;
  userId: number | null;
  body: PromocodeBody;
}): Promise<Promocode> {
  const purchase =
    body.purchase_id !== null && body.purchase_id !== undefined && userId !== null
      ? await ownPurchase(db, userId, body.purchase_id)
      : null;
  const type = purchase?.type ?? body.type;
  const holder = purchase && userId !== null ? { userId, purchaseId: purchase.id } : null;
  const promo = await promoByCode(db, body.code, now, type, holder);
  let amount: number | null = purchase?.amount ?? null;
  if (amount === null && body.type && body.type !== 'weeks' && body.ids && body.ids.length > 0) {
    amount = linesAmount((await priceItems(db, body.type, body.ids)).lines);
  }
  const discount = amount === null ? null : promoDiscount(promo, amount);
  // Applied to the parent's own purchase, the code is bound to it: the order may then name it by id.
  if (purchase && discount !== null) {
    const changed = await changeUnsentPurchase(db, purchase.userId ?? 0, purchase.id, (row) => {
      // The amount read under the lock: the discount is the code's on what the purchase costs now.
      const locked = promoDiscount(promo, row.amount);
      return {
        promoCodeId: promo.id,
        discount: locked,
        total: row.amount - locked,
        updatedAt: now,
      };
    });
    if (!changed) throw conflict(PURCHASE_SENT);
    return answer(promo, changed.amount, changed.discount);
  }
  return answer(promo, amount, discount);
}

function answer(promo: PromoRow, amount: number | null, discount: number | null): Promocode {
  return {
    promo_id: promo.id,
    code: promo.code,
    kind: promo.kind,
    value: promo.value,
    amount,
    discount,
    total: amount === null || discount === null ? null : amount - discount,
  };
}
