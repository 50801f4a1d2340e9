// POST /store/web/promocode: what a code gives, and on which price. A guest still choosing a tariff may ask
// too (the journey starts on /subscribe before registering), so the price can come from a tariff id.
import type { Promocode, PromocodeBody } from '@contract/api/store';
import type { Database } from '../../db/client';
import { linesAmount, priceItems } from './pricing';
import { promoByCode, promoDiscount } from './promo';
import { ownPurchase } from './purchases';

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
  const promo = await promoByCode(db, body.code, now, type);
  let amount: number | null = purchase?.amount ?? null;
  if (amount === null && body.type && body.type !== 'weeks' && body.ids && body.ids.length > 0) {
    amount = linesAmount((await priceItems(db, body.type, body.ids)).lines);
  }
  const discount = amount === null ? null : promoDiscount(promo, amount);
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
