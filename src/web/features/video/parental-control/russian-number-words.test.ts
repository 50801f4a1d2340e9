import { describe, expect, it } from 'vitest';
import { numberInWords, randomGateNumber } from './russian-number-words';

describe('numberInWords', () => {
  it.each([
    [0, 'ноль'],
    [7, 'семь'],
    [11, 'одиннадцать'],
    [19, 'девятнадцать'],
    [20, 'двадцать'],
    [40, 'сорок'],
    [101, 'сто один'],
    [112, 'сто двенадцать'],
    [200, 'двести'],
    [347, 'триста сорок семь'],
    [999, 'девятьсот девяносто девять'],
    [1000, 'одна тысяча'],
    [1001, 'одна тысяча один'],
    [2002, 'две тысячи два'],
    [3450, 'три тысячи четыреста пятьдесят'],
    [4000, 'четыре тысячи'],
    [5000, 'пять тысяч'],
    [11_000, 'одиннадцать тысяч'],
    [21_000, 'двадцать одна тысяча'],
    [22_222, 'двадцать две тысячи двести двадцать два'],
    [112_000, 'сто двенадцать тысяч'],
    [999_999, 'девятьсот девяносто девять тысяч девятьсот девяносто девять'],
  ])('%i → «%s»', (n, words) => {
    expect(numberInWords(n)).toBe(words);
  });

  it('refuses what it cannot say', () => {
    expect(() => numberInWords(-1)).toThrow(RangeError);
    expect(() => numberInWords(1.5)).toThrow(RangeError);
    expect(() => numberInWords(1_000_000)).toThrow(RangeError);
  });
});

describe('randomGateNumber', () => {
  it('gives three or four digits', () => {
    expect(randomGateNumber(() => 0)).toBe(101);
    expect(randomGateNumber(() => 0.999_999)).toBe(9999);
  });
});
