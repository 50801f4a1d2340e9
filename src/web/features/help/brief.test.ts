import { describe, expect, it } from 'vitest';
import { firstSentence, joinNames } from './brief';

describe('firstSentence', () => {
  it('keeps the first sentence of a description', () => {
    expect(
      firstSentence(
        'Первый год программы\u00a0— знакомство с миром. Уроки длятся около 10 минут! Ещё.',
      ),
    ).toBe('Первый год программы\u00a0— знакомство с миром.');
  });

  it('does not end a sentence at an abbreviation followed by a small letter', () => {
    expect(firstSentence('Цвета, формы и т. д. для малышей. Дальше.')).toBe(
      'Цвета, формы и т. д. для малышей.',
    );
  });

  it('gives a text of one sentence whole, trimmed', () => {
    expect(firstSentence('  Скоро новые курсы  ')).toBe('Скоро новые курсы');
  });
});

describe('joinNames', () => {
  it('joins names the Russian way', () => {
    expect(joinNames(['Маша'])).toBe('Маша');
    expect(joinNames(['Маша', 'Петя'])).toBe('Маша и\u00a0Петя');
    expect(joinNames(['Маша', 'Петя', 'Коля'])).toBe('Маша, Петя и\u00a0Коля');
  });
});
