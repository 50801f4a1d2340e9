import { describe, expect, it } from 'vitest';
import { normalizeRussianMobile } from './api/profile';
import { formatRussianPhone } from './phone';

describe('formatRussianPhone', () => {
  it('groups a stored number as it is read aloud, with non-breaking spaces', () => {
    expect(formatRussianPhone('+79123456789')).toBe('+7\u00a0912\u00a0345-67-89');
  });

  it('reads back to the same stored number, so the form can send what it shows', () => {
    expect(normalizeRussianMobile(formatRussianPhone('+79123456789'))).toBe('+79123456789');
  });

  it('leaves anything else as it is', () => {
    expect(formatRussianPhone('')).toBe('');
    expect(formatRussianPhone('+4915112345678')).toBe('+4915112345678');
  });
});
