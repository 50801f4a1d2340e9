import type { SubscriptionItem } from '@contract/api/catalog';
import { DEFAULT_SUBSCRIPTION_DURATION_MONTHS } from '@contract/constants';

/** A paid tariff as the landing shows it. Money in kopecks. */
export interface TariffOption {
  id: number;
  duration: number;
  amountChildren: number;
  price: number;
  /** Price of one month of this tariff, rounded to whole kopecks. */
  perMonth: number;
  /** What the same months cost paid month by month; null when there is no saving to show. */
  fullPrice: number | null;
  /** Whole percent saved (docs/PRODUCT.md «Product rules»); 0 → no badge. */
  benefitPercent: number;
}

export interface TariffPlan {
  /** The free trial (docs/PRODUCT.md «Product rules» `is_free`), highlighted apart from the paid tariffs. */
  trial: SubscriptionItem | null;
  /** Numbers of children there are paid tariffs for, ascending: [1, 2, 3]. */
  childrenOptions: number[];
  /** Paid tariffs by number of children, each list ascending by duration. */
  byChildren: Map<number, TariffOption[]>;
}

function toOption(item: SubscriptionItem): TariffOption {
  const hasBenefit = item.benefits.percents > 0 && item.benefits.value > 0;
  return {
    id: item.id,
    duration: item.duration,
    amountChildren: item.amount_children,
    price: item.price,
    perMonth: Math.round(item.price / item.duration),
    fullPrice: hasBenefit ? item.price + item.benefits.value : null,
    benefitPercent: hasBenefit ? item.benefits.percents : 0,
  };
}

/** Groups the catalogue's tariffs for the subscription block: the trial apart, paid ones by children. */
export function buildTariffPlan(items: SubscriptionItem[]): TariffPlan {
  let trial: SubscriptionItem | null = null;
  const byChildren = new Map<number, TariffOption[]>();
  for (const item of items) {
    if (item.is_free) {
      trial ??= item;
      continue;
    }
    if (item.duration <= 0 || item.amount_children <= 0) continue;
    const list = byChildren.get(item.amount_children) ?? [];
    list.push(toOption(item));
    byChildren.set(item.amount_children, list);
  }
  for (const list of byChildren.values()) list.sort((a, b) => a.duration - b.duration);
  const childrenOptions = [...byChildren.keys()].sort((a, b) => a - b);
  return { trial, childrenOptions, byChildren };
}

/** docs/PRODUCT.md «Product rules»: the preselected tariff is the 6-month one; failing that, the one closest to it. */
export function defaultOption(options: TariffOption[]): TariffOption | undefined {
  let best: TariffOption | undefined;
  for (const option of options) {
    const distance = Math.abs(option.duration - DEFAULT_SUBSCRIPTION_DURATION_MONTHS);
    if (!best || distance < Math.abs(best.duration - DEFAULT_SUBSCRIPTION_DURATION_MONTHS)) {
      best = option;
    }
  }
  return best;
}

/** When the number of children changes, keep the chosen duration if the new group has it. */
export function matchingOption(
  options: TariffOption[],
  duration: number | undefined,
): TariffOption | undefined {
  return options.find((option) => option.duration === duration) ?? defaultOption(options);
}

/** The promo code as typed, shown and sent in upper case (docs/PRODUCT.md «Product rules»); spaces are not part of codes. */
export function normalizePromoCode(value: string): string {
  return value.replace(/\s+/g, '').toUpperCase();
}

/** `/subscribe?tariff=…&promo=…`: where the block's button leads (applying codes comes later). */
export function subscribeQuery(tariffId: number, promoCode: string): Record<string, string> {
  const promo = normalizePromoCode(promoCode);
  return promo ? { tariff: String(tariffId), promo } : { tariff: String(tariffId) };
}
