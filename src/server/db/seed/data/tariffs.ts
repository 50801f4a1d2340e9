import { MONTHS, pluralize } from '@contract/plural';
import { TRIAL_DAYS } from '@contract/constants';
import type { SeedTariff } from './types';

// Demo prices, 2026. One child pays 990 ₽ for a month; longer tariffs are cheaper per month
// (890, 790, 690 and 590 ₽, i.e. about 10, 20, 30 and 40 % off), so the docs/PRODUCT.md «Product rules» benefit shows round
// percents. Two children pay about 1.7 times as much, three about 2.3 times.
const ROUBLE = 100;

/** Roubles per month by number of children (1, 2, 3) and duration in months. */
const monthlyRoubles: Record<number, Record<number, number>> = {
  1: { 1: 990, 3: 890, 6: 790, 12: 690, 24: 590 },
  2: { 1: 1690, 3: 1520, 6: 1350, 12: 1180, 24: 1010 },
  3: { 1: 2290, 3: 2060, 6: 1830, 12: 1600, 24: 1370 },
};

const SUBSCRIPTION_MONTHS = [1, 3, 6, 12, 24];
const GIFT_MONTHS = [1, 3, 6, 12];
const CHILDREN_SUFFIX: Record<number, string> = {
  1: '',
  2: ' для двоих детей',
  3: ' для троих детей',
};

function priceOf(children: number, months: number): number {
  const perMonth = monthlyRoubles[children]?.[months];
  if (perMonth === undefined) throw new Error(`No demo price for ${children} × ${months}`);
  return perMonth * months * ROUBLE;
}

function paid(kind: SeedTariff['kind'], children: number, months: number): SeedTariff {
  const name = kind === 'gift' ? 'Подарочная подписка' : 'Подписка';
  return {
    kind,
    title: `${name} на ${pluralize(months, MONTHS)}${CHILDREN_SUFFIX[children] ?? ''}`,
    duration: months,
    amount_children: children,
    price: priceOf(children, months),
    is_free: false,
    trial_days: 0,
  };
}

const trial: SeedTariff = {
  kind: 'subscription',
  title: 'Пробная неделя',
  duration: 0,
  amount_children: 1,
  price: 0,
  is_free: true,
  trial_days: TRIAL_DAYS,
};

export const tariffs: SeedTariff[] = [
  trial,
  ...[1, 2, 3].flatMap((children) =>
    SUBSCRIPTION_MONTHS.map((months) => paid('subscription', children, months)),
  ),
  ...GIFT_MONTHS.map((months) => paid('gift', 1, months)),
];
