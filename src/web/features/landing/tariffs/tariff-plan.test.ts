import { describe, expect, it } from 'vitest';
import type { SubscriptionItem } from '@contract/api/catalog';
import { computeBenefit } from '@contract/benefit';
import {
  buildTariffPlan,
  defaultOption,
  matchingOption,
  normalizePromoCode,
  subscribeQuery,
} from './tariff-plan';

let nextId = 1;
function tariff(
  children: number,
  months: number,
  perMonthRoubles: number,
  monthly: number,
): SubscriptionItem {
  const price = perMonthRoubles * months * 100;
  return {
    id: nextId++,
    title: `Подписка на ${months}`,
    price,
    duration: months,
    amount_children: children,
    is_free: false,
    trial_days: 0,
    benefits: computeBenefit(monthly * 100, months, price),
  };
}

const trial: SubscriptionItem = {
  id: 99,
  title: 'Пробная неделя',
  price: 0,
  duration: 0,
  amount_children: 1,
  is_free: true,
  trial_days: 7,
  benefits: { percents: 0, value: 0 },
};

const catalogue: SubscriptionItem[] = [
  trial,
  tariff(2, 6, 1350, 1690),
  tariff(1, 24, 590, 990),
  tariff(1, 1, 990, 990),
  tariff(1, 6, 790, 990),
  tariff(1, 3, 890, 990),
  tariff(2, 1, 1690, 1690),
];

describe('buildTariffPlan', () => {
  it('puts the trial apart and groups paid tariffs by children, ascending by duration', () => {
    const plan = buildTariffPlan(catalogue);
    expect(plan.trial?.id).toBe(99);
    expect(plan.childrenOptions).toEqual([1, 2]);
    expect(plan.byChildren.get(1)?.map((o) => o.duration)).toEqual([1, 3, 6, 24]);
    expect(plan.byChildren.get(2)?.map((o) => o.duration)).toEqual([1, 6]);
  });

  it('shows the benefit and the full price only when the tariff is cheaper than monthly', () => {
    const ones = buildTariffPlan(catalogue).byChildren.get(1) ?? [];
    const [month, , half, twoYears] = ones;
    expect(month).toMatchObject({ benefitPercent: 0, fullPrice: null, perMonth: 99_000 });
    expect(half).toMatchObject({
      price: 474_000,
      perMonth: 79_000,
      fullPrice: 594_000,
      benefitPercent: 20,
    });
    expect(twoYears).toMatchObject({ perMonth: 59_000, fullPrice: 2_376_000, benefitPercent: 40 });
  });

  it('copes with an empty catalogue', () => {
    expect(buildTariffPlan([])).toEqual({
      trial: null,
      childrenOptions: [],
      byChildren: new Map(),
    });
  });
});

describe('default and matching tariff', () => {
  const ones = buildTariffPlan(catalogue).byChildren.get(1) ?? [];

  it('preselects six months (docs/PRODUCT.md «Product rules»)', () => {
    expect(defaultOption(ones)?.duration).toBe(6);
  });

  it('falls back to the duration closest to six months', () => {
    expect(defaultOption(ones.filter((o) => o.duration !== 6))?.duration).toBe(3);
    expect(defaultOption([])).toBeUndefined();
  });

  it('keeps the chosen duration when switching the number of children if it exists', () => {
    const twos = buildTariffPlan(catalogue).byChildren.get(2) ?? [];
    expect(matchingOption(twos, 1)?.duration).toBe(1);
    expect(matchingOption(twos, 24)?.duration).toBe(6);
  });
});

describe('promo code', () => {
  it('is upper case without spaces', () => {
    expect(normalizePromoCode(' summer 2026 ')).toBe('SUMMER2026');
    expect(normalizePromoCode('ёлка')).toBe('ЁЛКА');
  });

  it('goes to /subscribe with the tariff and the code, the code only when given', () => {
    expect(subscribeQuery(5, 'kids')).toEqual({ tariff: '5', promo: 'KIDS' });
    expect(subscribeQuery(5, '  ')).toEqual({ tariff: '5' });
  });
});
