import { describe, expect, it } from 'vitest';
import { ageGroupForAge, ageOn, moscowToday } from './children';

// The age rule is shared by the server (child store) and the web (add-child modal); it is tested here once.
describe('the age rule', () => {
  it('counts full years on the Moscow calendar', () => {
    // 21:30 UTC is already the next day in Moscow.
    expect(moscowToday(new Date('2026-03-09T21:30:00Z'))).toBe('2026-03-10');
    expect(ageOn('2022-03-10', '2026-03-10')).toBe(4);
    expect(ageOn('2022-03-11', '2026-03-10')).toBe(3);
    expect(ageOn('2020-02-29', '2025-02-28')).toBe(4);
    expect(ageOn('2020-02-29', '2025-03-01')).toBe(5);
  });

  it('gives the age group: 1–2 two-three … 6–8 six-seven', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8].map(ageGroupForAge)).toEqual([
      'two-three',
      'two-three',
      'three-four',
      'four-five',
      'five-six',
      'six-seven',
      'six-seven',
      'six-seven',
    ]);
  });
});
