import { describe, expect, it } from 'vitest';
import { maskDate, parseRussianDate, russianFromIso } from './russian-date';

describe('maskDate', () => {
  it.each([
    ['', ''],
    ['1', '1'],
    ['12', '12'],
    ['123', '12.3'],
    ['1203', '12.03'],
    ['12032', '12.03.2'],
    ['12032021', '12.03.2021'],
    ['120320219', '12.03.2021'],
    ['12.', '12.'],
    ['12.03.', '12.03.'],
    ['1.3.2021', '01.03.2021'],
    ['5/9/2021', '05.09.2021'],
    ['12 03 2021', '12.03.2021'],
    ['12..03', '12.03'],
    ['.12', '12'],
    ['ab12cd', '12'],
    ['2021-03-12', '12.03.2021'],
    [' 2021-03-12 ', '12.03.2021'],
  ])('shows %j as %j', (typed, shown) => {
    expect(maskDate(typed)).toBe(shown);
  });

  it('lets the parent erase the dots it put in', () => {
    // «12.3» with the last digit erased is «12.», with the dot erased «12»: nothing puts it back.
    expect(maskDate('12.')).toBe('12.');
    expect(maskDate('12')).toBe('12');
  });
});

describe('parseRussianDate', () => {
  const required = 'Укажите дату рождения';
  it.each([
    ['12.03.2021', { iso: '2021-03-12' }],
    ['29.02.2020', { iso: '2020-02-29' }],
    ['', { problem: required }],
    ['12.03', { problem: 'Введите дату полностью, в формате дд.мм.гггг' }],
    ['31.02.2021', { problem: 'Такой даты нет: в феврале 2021\u00a0года 28\u00a0дней' }],
    ['29.02.2021', { problem: 'Такой даты нет: в феврале 2021\u00a0года 28\u00a0дней' }],
    ['31.04.2021', { problem: 'Такой даты нет: в апреле 2021\u00a0года 30\u00a0дней' }],
    ['00.01.2021', { problem: 'Такой даты нет: в январе 2021\u00a0года 31\u00a0день' }],
    ['12.13.2021', { problem: 'Такого месяца нет: месяц — число от 01 до 12' }],
    ['12.00.2021', { problem: 'Такого месяца нет: месяц — число от 01 до 12' }],
  ])('reads %j as %j', (text, parsed) => {
    expect(parseRussianDate(text, required)).toEqual(parsed);
  });

  it('turns an API date round for the field', () => {
    expect(russianFromIso('2021-03-12')).toBe('12.03.2021');
  });
});
