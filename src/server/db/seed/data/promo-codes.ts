import type { PromoKind, PurchaseType } from '../../schema/index';

export interface SeedPromoCode {
  code: string;
  kind: PromoKind;
  /** Percent, or kopecks off. */
  value: number;
  purchaseTypes: PurchaseType[];
}

/**
 * Promo codes of the demo, written only in demo mode: a code anyone can read in the source has no place
 * on a real site (production codes are the back office's).
 */
export const demoPromoCodes: SeedPromoCode[] = [
  { code: 'UMNYASHKI10', kind: 'percent', value: 10, purchaseTypes: ['subscription', 'gift'] },
  { code: 'PODAROK500', kind: 'fixed', value: 50_000, purchaseTypes: ['gift'] },
];
