import { describe, expect, it } from 'vitest';
import { formatDuration } from './lesson-duration';

describe('formatDuration', () => {
  it.each([
    [12, '12\u00a0сек'],
    [59, '59\u00a0сек'],
    [60, '1\u00a0мин'],
    [300, '5\u00a0мин'],
    [14 * 60 + 40, '15\u00a0мин'],
    [3600, '1\u00a0ч'],
    [3900, '1\u00a0ч 5\u00a0мин'],
  ])('%s s → %s', (seconds, text) => {
    expect(formatDuration(seconds)).toBe(text);
  });
});
