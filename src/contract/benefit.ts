import { BENEFIT_DURATIONS_MONTHS } from './constants';

export interface Benefit {
  /** Whole percent saved against paying month by month; 0 when not cheaper. */
  percents: number;
  /** Kopecks saved against paying month by month; 0 when not cheaper. */
  value: number;
}

const NO_BENEFIT: Benefit = { percents: 0, value: 0 };

/**
 * docs/PRODUCT.md «Product rules»: for durations of 3, 6, 12 and 24 months the benefit is measured against the one-month price
 * times the duration; it is zero when the longer tariff is not cheaper (or for any other duration).
 */
export function computeBenefit(
  monthlyPrice: number,
  durationMonths: number,
  price: number,
): Benefit {
  if (!(BENEFIT_DURATIONS_MONTHS as readonly number[]).includes(durationMonths)) return NO_BENEFIT;
  if (!Number.isFinite(monthlyPrice) || monthlyPrice <= 0 || !Number.isFinite(price)) {
    return NO_BENEFIT;
  }
  const full = monthlyPrice * durationMonths;
  if (price >= full) return NO_BENEFIT;
  return { percents: Math.round(((full - price) / full) * 100), value: full - price };
}
