import { describe, expect, it } from 'vitest';
import { regions } from './regions';
import { REGION_TIME_ZONES, regionTimeZone } from './region-time-zones';

describe('regions', () => {
  it('lists all 89 subjects of the Russian Federation', () => {
    expect(regions).toHaveLength(89);
  });

  it('has unique names and unique ISO-style codes', () => {
    expect(new Set(regions.map((r) => r.name)).size).toBe(regions.length);
    expect(new Set(regions.map((r) => r.code)).size).toBe(regions.length);
    for (const { code } of regions) expect(code).toMatch(/^RU-[A-Z]{2,3}$/);
  });

  it('counts each kind of subject as art. 65 of the Constitution does', () => {
    const count = (re: RegExp) => regions.filter((r) => re.test(r.name)).length;
    expect(count(/Республика|Чувашия/)).toBe(24);
    expect(count(/ край$/)).toBe(9);
    expect(count(/ область( — Кузбасс)?$/) - count(/автономная область/)).toBe(48);
    expect(count(/автономный округ/)).toBe(4);
  });

  it('gives each region a time zone PostgreSQL and browsers know, from Kaliningrad to Chukotka', () => {
    const codes = new Set(regions.map((r) => r.code));
    for (const code of Object.keys(REGION_TIME_ZONES)) expect(codes, code).toContain(code);
    for (const { code } of regions) {
      const zone = regionTimeZone(code);
      expect(() => new Intl.DateTimeFormat('ru-RU', { timeZone: zone }), code).not.toThrow();
    }
    expect(regionTimeZone('RU-MOW')).toBe('Europe/Moscow');
    expect(regionTimeZone('RU-KGD')).toBe('Europe/Kaliningrad');
    expect(regionTimeZone('RU-CHU')).toBe('Asia/Anadyr');
    // Eleven zones, UTC+2 to UTC+12.
    const offsets = new Set(
      regions.map(
        (r) =>
          new Intl.DateTimeFormat('en-US', {
            timeZone: regionTimeZone(r.code),
            timeZoneName: 'shortOffset',
          })
            .formatToParts(new Date('2026-11-27T12:00:00Z'))
            .find((part) => part.type === 'timeZoneName')?.value,
      ),
    );
    expect([...offsets].sort()).toHaveLength(11);
  });
});
