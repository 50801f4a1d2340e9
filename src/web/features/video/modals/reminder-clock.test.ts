import { describe, expect, it } from 'vitest';
import { reminderClock } from './reminder-clock';

describe('whose clock the reminder hour is by', () => {
  it('is Moscow time for Moscow (and a family without a region: the school says Europe/Moscow)', () => {
    expect(reminderClock('Europe/Moscow')).toBe('По московскому времени');
  });

  it('is the region’s own, with its offset from UTC', () => {
    expect(reminderClock('Asia/Vladivostok')).toBe('По времени вашего региона (UTC+10)');
    expect(reminderClock('Europe/Kaliningrad')).toBe('По времени вашего региона (UTC+2)');
  });

  it('still names the region’s clock when the browser does not know the zone', () => {
    expect(reminderClock('Asia/Nowhere')).toBe('По времени вашего региона');
  });
});
