import { describe, expect, it } from 'vitest';
import {
  ageInYears,
  birthDateLimits,
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

describe('birthDateLimits', () => {
  it('spans ages 1 to 8 inclusive', () => {
    const today = '2025-06-15';
    const { min, max } = birthDateLimits(today);
    expect(min).toBe('2016-06-16');
    expect(max).toBe('2024-06-15');
    expect(ageInYears(min, today)).toBe(8);
    expect(ageInYears('2016-06-15', today)).toBe(9);
    expect(ageInYears(max, today)).toBe(1);
    expect(ageInYears('2024-06-16', today)).toBe(0);
  });

  it('handles 29 February and the turn of the year', () => {
    expect(birthDateLimits('2024-02-29')).toEqual({ min: '2015-03-01', max: '2023-02-28' });
    expect(birthDateLimits('2025-12-31')).toEqual({ min: '2017-01-01', max: '2024-12-31' });
    expect(birthDateLimits('2025-01-01')).toEqual({ min: '2016-01-02', max: '2024-01-01' });
  });
});

describe('defaultAgeGroup', () => {
  it('has no default for an incomplete or out-of-range date', () => {
    expect(defaultAgeGroup('2021-03-01', '2025-06-15')).toBe('four-five');
    expect(defaultAgeGroup('', '2025-06-15')).toBeNull();
    expect(defaultAgeGroup('2025-01-01', '2025-06-15')).toBeNull();
    expect(defaultAgeGroup('2010-01-01', '2025-06-15')).toBeNull();
  });
});

describe('birthDateProblem', () => {
  const today = '2025-06-15';
  it('explains each refusal in Russian', () => {
    expect(birthDateProblem('', today)).toBe('Укажите дату рождения');
    expect(birthDateProblem('2025-07-01', today)).toBe('Дата рождения не может быть в будущем');
    expect(birthDateProblem('2025-01-01', today)).toBe('Занятия для детей от 1 года');
    expect(birthDateProblem('2016-06-15', today)).toBe('Занятия для детей до 8 лет');
    expect(birthDateProblem('2020-02-30', today)).toBe('Введите дату полностью: день, месяц и год');
    expect(birthDateProblem('2016-06-16', today)).toBeNull();
    expect(birthDateProblem('2024-06-15', today)).toBeNull();
  });
});

describe('formatAge', () => {
  it('agrees the word with the number', () => {
    expect(formatAge(1)).toBe('1\u00a0год');
    expect(formatAge(4)).toBe('4\u00a0года');
    expect(formatAge(5)).toBe('5\u00a0лет');
  });
});
