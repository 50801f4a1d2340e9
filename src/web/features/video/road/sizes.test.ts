import { describe, expect, it } from 'vitest';
import { formatSize, percentOf } from './sizes';

describe('sizes for a parent', () => {
  it('reads in whole megabytes, gigabytes with a decimal comma, a non-breaking space before the unit', () => {
    expect(formatSize(0)).toBe('0\u00a0МБ');
    expect(formatSize(300 * 1024)).toBe('1\u00a0МБ');
    expect(formatSize(48.4 * 1024 * 1024)).toBe('48\u00a0МБ');
    expect(formatSize(1.25 * 1024 ** 3)).toBe('1,3\u00a0ГБ');
  });

  it('says 100 % only when everything is there', () => {
    expect(percentOf(0, 0)).toBe(0);
    expect(percentOf(999, 1000)).toBe(99);
    expect(percentOf(1000, 1000)).toBe(100);
    expect(percentOf(250, 1000)).toBe(25);
  });
});
