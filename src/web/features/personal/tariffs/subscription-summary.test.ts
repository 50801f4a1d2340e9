import { describe, expect, it } from 'vitest';
import type { ProfileSubscription } from '@contract/api/auth';
import { subscriptionLine, tariffTitle, trialName } from './subscription-summary';

const DAY_MS = 86_400_000;

function trial(days: number): ProfileSubscription {
  const starts = Date.parse('2026-05-06T09:00:00Z');
  return {
    id: 1,
    title: 'Пробная неделя',
    is_free: true,
    amount_children: 1,
    starts_at: new Date(starts).toISOString(),
    ends_at: new Date(starts + days * DAY_MS).toISOString(),
    auto_renew: false,
  };
}

describe('a trial’s name', () => {
  it('is the week it usually is', () => {
    expect(trialName(trial(7))).toBe('Пробная неделя');
    expect(tariffTitle(trial(7))).toBe('Пробная неделя');
    expect(subscriptionLine(trial(7))).toBe('Пробная неделя до 13 мая 2026');
  });

  it('is a period of its days for a family a friend invited', () => {
    expect(trialName(trial(14))).toBe('Пробный период');
    expect(tariffTitle(trial(14))).toBe('Пробный период на 14\u00a0дней');
    expect(subscriptionLine(trial(14))).toBe('Пробный период до 20 мая 2026');
  });

  it('leaves a paid tariff’s title as the school named it', () => {
    const paid = { ...trial(30), is_free: false, title: 'Подписка на 1 месяц' };
    expect(tariffTitle(paid)).toBe('Подписка на 1 месяц');
  });
});
