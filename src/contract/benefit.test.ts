import { describe, expect, it } from 'vitest';
import { computeBenefit } from './benefit';

describe('computeBenefit (docs/PRODUCT.md «Product rules»)', () => {
  const monthly = 990_00;

  it.each([
    [3, 2670_00, 10, 300_00],
    [6, 4740_00, 20, 1200_00],
    [12, 8280_00, 30, 3600_00],
    [24, 14160_00, 40, 9600_00],
  ])('a %i-month tariff is measured against %i kopecks', (months, price, percents, value) => {
    expect(computeBenefit(monthly, months, price)).toEqual({ percents, value });
  });

  it('rounds the percent to a whole number', () => {
    // 3 × 1000 = 3000; 2900 saves 3.33… %
    expect(computeBenefit(1000_00, 3, 2900_00)).toEqual({ percents: 3, value: 100_00 });
  });

  it('is zero when the longer tariff is not cheaper', () => {
    expect(computeBenefit(monthly, 6, monthly * 6)).toEqual({ percents: 0, value: 0 });
    expect(computeBenefit(monthly, 12, monthly * 13)).toEqual({ percents: 0, value: 0 });
  });

  it('is zero for durations outside 3, 6, 12 and 24 months', () => {
    expect(computeBenefit(monthly, 1, 500_00)).toEqual({ percents: 0, value: 0 });
    expect(computeBenefit(monthly, 2, 1000_00)).toEqual({ percents: 0, value: 0 });
    expect(computeBenefit(monthly, 9, 1000_00)).toEqual({ percents: 0, value: 0 });
  });

  it('is zero without a one-month price to compare with', () => {
    expect(computeBenefit(0, 6, 4740_00)).toEqual({ percents: 0, value: 0 });
    expect(computeBenefit(Number.NaN, 6, 4740_00)).toEqual({ percents: 0, value: 0 });
  });
});
