import { describe, expect, it } from 'vitest';
import { familyClock } from './family-clock';

describe('whose clock the reminder hour is by', () => {
  it('is Moscow time for Moscow (and a family without a region: the school says Europe/Moscow)', () => {
    expect(familyClock('Europe/Moscow')).toBe('По московскому времени');
  });

  it('is the region’s own, with its offset from UTC', () => {
    expect(familyClock('Asia/Vladivostok')).toBe('По времени вашего региона (UTC+10)');
    expect(familyClock('Europe/Kaliningrad')).toBe('По времени вашего региона (UTC+2)');
  });

  it('still names the region’s clock when the browser does not know the zone', () => {
    expect(familyClock('Asia/Nowhere')).toBe('По времени вашего региона');
  });
});
