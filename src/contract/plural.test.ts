import { describe, expect, it } from 'vitest';
import { CHILDREN, MONTHS, oncePerMonths, plural, pluralize } from './plural';

describe('Russian plurals', () => {
  it.each([
    [1, 'месяц'],
    [3, 'месяца'],
    [6, 'месяцев'],
    [11, 'месяцев'],
    [12, 'месяцев'],
    [21, 'месяц'],
    [24, 'месяца'],
    [25, 'месяцев'],
    [101, 'месяц'],
    [0, 'месяцев'],
  ])('%i → %s', (count, word) => {
    expect(plural(count, MONTHS)).toBe(word);
  });

  it('uses the few form for fractions', () => {
    expect(plural(1.5, MONTHS)).toBe('месяца');
  });

  it('joins the number and the word with a non-breaking space', () => {
    expect(pluralize(2, CHILDREN)).toBe('2\u00a0ребёнка');
    expect(pluralize(5, CHILDREN)).toBe('5\u00a0детей');
  });

  it('says how often a renewal charges', () => {
    expect(oncePerMonths(1)).toBe('раз в месяц');
    expect(oncePerMonths(3)).toBe('раз в 3\u00a0месяца');
    expect(oncePerMonths(12)).toBe('раз в 12\u00a0месяцев');
  });
});
