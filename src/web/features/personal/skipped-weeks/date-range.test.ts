import { describe, expect, it } from 'vitest';
import { formatDateRange } from './date-range';

describe('formatDateRange', () => {
  it.each([
    ['2026-11-03', '2026-11-09', '3–9 ноября 2026'],
    ['2026-10-28', '2026-11-03', '28 октября\u00a0— 3 ноября 2026'],
    ['2026-12-29', '2027-01-04', '29 декабря 2026\u00a0— 4 января 2027'],
    ['2026-11-03', '2026-11-03', '3 ноября 2026'],
  ])('%s … %s → %s', (from, to, text) => {
    expect(formatDateRange(from, to)).toBe(text);
  });
});
