import { describe, expect, it } from 'vitest';
import { formatPrice } from '@contract/money';
import { shownSummary, referencedIds } from './audit-summary';

// The grouping space is the runtime's (ICU); the test is about roubles, not which space.
const rub = formatPrice;

describe('an audit entry’s summary as staff read it', () => {
  it('spells out a refund: roubles, the purchase, what was taken back and what is left', () => {
    const text = shownSummary({
      order_number: 'UM-1042',
      amount: 149000,
      purchase_type: 'subscription',
      taken_back: ['Подписка закончена'],
      left: [],
    });
    expect(text).toBe(
      `заказ: UM-1042; сумма: ${rub(149000)}; покупка: Подписка; забрано: Подписка закончена; осталось: —`,
    );
    expect(text).not.toMatch(/taken_back|left|149000/);
  });

  it('names a mailing category instead of its id once the name is in, and its number until then', () => {
    const summary = { subject: 'Зимние уроки', category_id: 2 };
    expect(referencedIds(summary)).toEqual({ 'mailing-categories': [2] });
    expect(shownSummary(summary)).toBe('тема: Зимние уроки; рассылка: №\u00a02');
    expect(shownSummary(summary, { 'mailing-categories': new Map([[2, 'Новости школы']]) })).toBe(
      'тема: Зимние уроки; рассылка: Новости школы',
    );
  });

  it('shows a tariff’s changes as before → after, prices in roubles', () => {
    expect(
      shownSummary({
        title: 'Полгода',
        changes: { price: [474000, 499000], isActive: [true, false] },
      }),
    ).toBe(
      `название: Полгода; изменения: цена: ${rub(474000)} → ${rub(499000)}, включено: да → нет`,
    );
    expect(shownSummary({ program: 'Основная', week_price: [14900, 19900] })).toBe(
      'программа: Основная; цена недели: 149\u00a0₽ → 199\u00a0₽',
    );
  });

  it('reads roles and lists of fields in Russian', () => {
    expect(shownSummary({ from: 'parent', to: 'support' })).toBe(
      'было: Родитель; стало: Поддержка',
    );
    expect(shownSummary({ fields: ['title', 'description'] })).toBe('поля: название, описание');
  });
});
