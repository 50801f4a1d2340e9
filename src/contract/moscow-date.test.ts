import { describe, expect, it } from 'vitest';
import {
  formatMoscowDate,
  formatMoscowDateTime,
  formatMoscowTime,
  moscowCalendarDate,
} from './moscow-date';

// 09:05:07 UTC is 12:05:07 in Moscow (UTC+3 all year round).
const MOMENT = '2026-11-23T09:05:07Z';

describe('formatMoscowDate', () => {
  it('writes the day, the month in the genitive and the year', () => {
    expect(formatMoscowDate(MOMENT)).toBe('23 ноября 2026');
    expect(formatMoscowDate(new Date(MOMENT))).toBe('23 ноября 2026');
    expect(formatMoscowDate(Date.parse(MOMENT))).toBe('23 ноября 2026');
  });

  it('follows the Moscow calendar, not the UTC one', () => {
    // 21:30 UTC on 31 December is already New Year's Day in Moscow.
    expect(formatMoscowDate('2025-12-31T21:30:00Z')).toBe('1 января 2026');
    expect(formatMoscowDate('2025-12-31T20:59:59Z')).toBe('31 декабря 2025');
  });

  it('reads a bare YYYY-MM-DD as that day', () => {
    expect(formatMoscowDate('2026-03-08')).toBe('8 марта 2026');
  });

  it('returns what is not a moment as it came', () => {
    expect(formatMoscowDate('скоро')).toBe('скоро');
    expect(formatMoscowDate('')).toBe('');
  });
});

describe('formatMoscowTime', () => {
  it('writes 24-hour Moscow time, seconds and the zone on request', () => {
    expect(formatMoscowTime(MOMENT)).toBe('12:05');
    expect(formatMoscowTime(MOMENT, { seconds: true })).toBe('12:05:07');
    expect(formatMoscowTime(MOMENT, { zone: true })).toBe('12:05 (МСК)');
  });

  it('never writes 24 for midnight', () => {
    expect(formatMoscowTime('2026-11-22T21:00:00Z')).toBe('00:00');
  });
});

describe('formatMoscowDateTime', () => {
  it('joins the date and the time', () => {
    expect(formatMoscowDateTime(MOMENT)).toBe('23 ноября 2026 в 12:05');
    expect(formatMoscowDateTime(MOMENT, { seconds: true, zone: true })).toBe(
      '23 ноября 2026 в 12:05:07 (МСК)',
    );
  });

  it('returns what is not a moment as it came', () => {
    expect(formatMoscowDateTime('not a date')).toBe('not a date');
  });
});

describe('moscowCalendarDate', () => {
  it('gives the Moscow day as YYYY-MM-DD', () => {
    expect(moscowCalendarDate('2026-03-09T21:30:00Z')).toBe('2026-03-10');
    expect(moscowCalendarDate(new Date('2026-03-09T20:59:00Z'))).toBe('2026-03-09');
  });

  it('refuses what is not a moment: a wrong day would be worse than an error', () => {
    expect(() => moscowCalendarDate('tomorrow')).toThrow(RangeError);
  });
});
