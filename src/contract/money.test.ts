import { describe, expect, it } from 'vitest';
import { formatPrice } from './money';

describe('formatPrice', () => {
  it('shows whole roubles with a non-breaking space before ₽', () => {
    expect(formatPrice(990_00)).toBe('990\u00a0₽');
  });

  it('groups thousands with a space that never breaks', () => {
    expect(formatPrice(14160_00)).toMatch(/^14[\u00a0\u202f]160\u00a0₽$/);
  });

  it('shows kopecks only when there are some', () => {
    expect(formatPrice(99_50)).toBe('99,50\u00a0₽');
    expect(formatPrice(5)).toBe('0,05\u00a0₽');
  });

  it('shows zero as 0 ₽', () => {
    expect(formatPrice(0)).toBe('0\u00a0₽');
  });
});
