import { describe, expect, it } from 'vitest';
import { regions } from './regions';

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
});
