import type { GiftItem } from '@contract/api/catalog';
import { DEFAULT_SUBSCRIPTION_DURATION_MONTHS } from '@contract/constants';

/** A gift tariff as the chooser shows it. Money in kopecks. */
export interface GiftOption {
  id: number;
  title: string;
  duration: number;
  amountChildren: number;
  price: number;
  perMonth: number;
}

/** Paid gift tariffs, shortest first. */
export function giftOptions(items: readonly GiftItem[]): GiftOption[] {
  return items
    .filter((item) => !item.is_free && item.duration > 0 && item.price > 0)
    .map((item) => ({
      id: item.id,
      title: item.title,
      duration: item.duration,
      amountChildren: item.amount_children,
      price: item.price,
      perMonth: Math.round(item.price / item.duration),
    }))
    .sort((a, b) => a.duration - b.duration);
}

/** The one asked for (a choice kept from before registering), else the 6-month one or the closest. */
export function initialOption(
  options: GiftOption[],
  wanted?: number | null,
): GiftOption | undefined {
  const asked = options.find((option) => option.id === wanted);
  if (asked) return asked;
  let best: GiftOption | undefined;
  for (const option of options) {
    const distance = Math.abs(option.duration - DEFAULT_SUBSCRIPTION_DURATION_MONTHS);
    if (!best || distance < Math.abs(best.duration - DEFAULT_SUBSCRIPTION_DURATION_MONTHS)) {
      best = option;
    }
  }
  return best;
}

/** The promo code as typed, shown and sent upper case; spaces are not part of codes. */
export function normalizePromo(value: string): string {
  return value.replace(/\s+/g, '').toUpperCase();
}

/** A light check before anything is stored: the server checks the address properly when sending. */
export function looksLikeEmail(value: string): boolean {
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value.trim());
}
