import { describe, expect, it } from 'vitest';
import {
  ageInYears,
  birthDateProblem,
  defaultAgeGroup,
  formatAge,
  todayInMoscow,
} from './child-age';

describe('todayInMoscow', () => {
  it('uses the Moscow calendar, not the browser’s', () => {
    // 22:30 UTC on 31 December is already 1 January in Moscow (UTC+3).
    expect(todayInMoscow(new Date('2024-12-31T22:30:00Z'))).toBe('2025-01-01');
    expect(todayInMoscow(new Date('2024-12-31T20:59:00Z'))).toBe('2024-12-31');
  });
});

describe('ageInYears', () => {
  it('counts full years, the birthday included', () => {
    expect(ageInYears('2020-05-10', '2025-05-09')).toBe(4);
    expect(ageInYears('2020-05-10', '2025-05-10')).toBe(5);
    expect(ageInYears('2020-05-10', '2025-12-31')).toBe(5);
  });

  it('lets a 29 February child turn a year older on 1 March of a common year', () => {
    expect(ageInYears('2020-02-29', '2021-02-28')).toBe(0);
    expect(ageInYears('2020-02-29', '2021-03-01')).toBe(1);
    expect(ageInYears('2020-02-29', '2024-02-29')).toBe(4);
  });

  it('refuses malformed dates', () => {
    expect(ageInYears('', '2025-01-01')).toBeNull();
    expect(ageInYears('2020-02-30', '2025-01-01')).toBeNull();
    expect(ageInYears('10.05.2020', '2025-01-01')).toBeNull();
  });
});

describe('defaultAgeGroup', () => {
  it('has no default for an incomplete or out-of-range date', () => {
    expect(defaultAgeGroup('2021-03-01', '2025-06-15')).toBe('four-five');
    expect(defaultAgeGroup('', '2025-06-15')).toBeNull();
    expect(defaultAgeGroup('2023-06-16', '2025-06-15')).toBeNull();
    expect(defaultAgeGroup('2023-06-15', '2025-06-15')).toBe('two-three');
    expect(defaultAgeGroup('2017-06-16', '2025-06-15')).toBe('six-seven');
    expect(defaultAgeGroup('2017-06-15', '2025-06-15')).toBeNull();
  });
});

describe('birthDateProblem', () => {
  const today = '2025-06-15';
  it('explains each refusal in Russian', () => {
    expect(birthDateProblem('', today)).toBe('Укажите дату рождения');
    expect(birthDateProblem('2025-07-01', today)).toBe('Дата рождения не может быть в будущем');
    expect(birthDateProblem('2023-06-16', today)).toBe(
      'Занятия для детей от 2 до 7\u00a0лет: ребёнку ещё нет 2\u00a0лет',
    );
    expect(birthDateProblem('2017-06-15', today)).toBe(
      'Занятия для детей от 2 до 7\u00a0лет: ребёнку уже 8\u00a0лет',
    );
    expect(birthDateProblem('2020-02-30', today)).toBe('Введите дату полностью: день, месяц и год');
    expect(birthDateProblem('2017-06-16', today)).toBeNull();
    expect(birthDateProblem('2023-06-15', today)).toBeNull();
  });
});

describe('formatAge', () => {
  it('agrees the word with the number', () => {
    expect(formatAge(1)).toBe('1\u00a0год');
    expect(formatAge(4)).toBe('4\u00a0года');
    expect(formatAge(5)).toBe('5\u00a0лет');
  });
});
