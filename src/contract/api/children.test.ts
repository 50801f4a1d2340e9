import { describe, expect, it } from 'vitest';
import {
  ageGroupForAge,
  ageOn,
  birthDateProblem,
  CHILD_AGE_RULE,
  childNameField,
  moscowToday,
} from './children';

// The age rule is shared by the server (child store) and the web (add-child modal); it is tested here once.
describe('the age rule', () => {
  it('counts full years on the Moscow calendar', () => {
    // 21:30 UTC is already the next day in Moscow.
    expect(moscowToday(new Date('2026-03-09T21:30:00Z'))).toBe('2026-03-10');
    expect(ageOn('2022-03-10', '2026-03-10')).toBe(4);
    expect(ageOn('2022-03-11', '2026-03-10')).toBe(3);
    expect(ageOn('2020-02-29', '2025-02-28')).toBe(4);
    expect(ageOn('2020-02-29', '2025-03-01')).toBe(5);
  });

  it('gives the age group: 2 two-three … 6–7 six-seven', () => {
    expect([2, 3, 4, 5, 6, 7].map(ageGroupForAge)).toEqual([
      'two-three',
      'three-four',
      'four-five',
      'five-six',
      'six-seven',
      'six-seven',
    ]);
  });

  it('takes a child from the 2nd birthday until the day before the 8th', () => {
    const today = '2026-06-15';
    expect(CHILD_AGE_RULE).toBe('Занятия для детей от 2 до 7\u00a0лет');
    expect(birthDateProblem('2024-06-15', today)).toBeNull(); // two today
    expect(birthDateProblem('2018-06-16', today)).toBeNull(); // eight tomorrow
    expect(birthDateProblem('2024-06-16', today)).toBe(
      'Занятия для детей от 2 до 7\u00a0лет: ребёнку ещё нет 2\u00a0лет',
    );
    expect(birthDateProblem('2018-06-15', today)).toBe(
      'Занятия для детей от 2 до 7\u00a0лет: ребёнку уже 8\u00a0лет',
    );
    expect(birthDateProblem('2026-06-16', today)).toBe('Дата рождения не может быть в будущем');
  });
});

const ALLOWED = 'Можно буквы, цифры, пробелы, эмодзи и знаки\u00a0- \' ’ . , ! ? « » ( ) " №';

describe('the child name rule', () => {
  it.each([
    ['Зайка 🐰', 'Зайка 🐰'],
    ['  Маша   Медвежонок ', 'Маша Медвежонок'],
    ['Д’Артаньян', 'Д’Артаньян'],
    ["O'Neil", "O'Neil"],
    ['Ёжик №1!', 'Ёжик №1!'],
    ['«Солнышко» (Соня), ура?', '«Солнышко» (Соня), ура?'],
    ['Ли Мин 李敏', 'Ли Мин 李敏'],
    ['Ахмет-Әли', 'Ахмет-Әли'],
    ['Папина дочка 👨‍👩‍👧', 'Папина дочка 👨‍👩‍👧'],
    ['Малыш 👍🏽 ❤️ 🇷🇺 1️⃣', 'Малыш 👍🏽 ❤️ 🇷🇺 1️⃣'],
    ['🦊', '🦊'],
    ['\u0418\u0306', '\u0419'], // И + combining breve, stored as the one composed letter Й
    ['Зайка\u00a0🐰', 'Зайка 🐰'],
    [`${'🐰'.repeat(50)}`, `${'🐰'.repeat(50)}`],
    [`${'👨‍👩‍👧'.repeat(50)}`, `${'👨‍👩‍👧'.repeat(50)}`],
  ])('takes %j as %j', (typed, stored) => {
    expect(childNameField.parse(typed)).toBe(stored);
  });

  it.each([
    ['', 'Введите имя или прозвище ребёнка'],
    ['   ', 'Введите имя или прозвище ребёнка'],
    ['<b>Маша</b>', 'Имя не может содержать знаки «<» и «>»'],
    ['Ёжик<3', 'Имя не может содержать знаки «<» и «>»'],
    ['Маша>', 'Имя не может содержать знаки «<» и «>»'],
    ['<script>alert(1)</script>', 'Имя не может содержать знаки «<» и «>»'],
    ['Маша&amp;', `Знак «&» в имени не подходит. ${ALLOWED}`],
    ['Маша{{x}}', `Знак «{» в имени не подходит. ${ALLOWED}`],
    ['javascript:alert', `Знак «:» в имени не подходит. ${ALLOWED}`],
    ['Маша\nПетя', `В имени есть невидимый служебный символ — сотрите его. ${ALLOWED}`],
    ['Маша\u0007', `В имени есть невидимый служебный символ — сотрите его. ${ALLOWED}`],
    ['Маша\u202eяьлоК', `В имени есть невидимый служебный символ — сотрите его. ${ALLOWED}`],
    ['Ма\u200bша', `В имени есть невидимый служебный символ — сотрите его. ${ALLOWED}`],
    ['!!!', 'В имени должна быть хотя бы одна буква, цифра или эмодзи'],
    ['я'.repeat(51), 'Не длиннее 50 символов'],
    [`${'🐰'.repeat(51)}`, 'Не длиннее 50 символов'],
    [`я${'\u0301'.repeat(400)}`, 'Не длиннее 50 символов'],
  ])('refuses %j: %s', (typed, message) => {
    const result = childNameField.safeParse(typed);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([message]);
  });
});
