// What other domains may use of this one (its public face); everything else is its own.
export { PROMO_USED_UP, PROMO_WAITING_ELSEWHERE, promoById, type PromoHolder } from './promo';
export { pricedWithPromo, PURCHASE_NOT_FOUND, PURCHASE_PAID, type PurchaseRow } from './purchases';
