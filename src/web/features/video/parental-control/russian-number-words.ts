// Numbers written out in Russian words, for the parental gate: a grown-up reads «триста сорок семь» and
// types 347, which a child who cannot read yet cannot do.

const UNITS_MASCULINE = [
  '',
  'один',
  'два',
  'три',
  'четыре',
  'пять',
  'шесть',
  'семь',
  'восемь',
  'девять',
];
// «Тысяча» is feminine: одна тысяча, две тысячи.
const UNITS_FEMININE = ['', 'одна', 'две', ...UNITS_MASCULINE.slice(3)];
const TEENS = [
  'десять',
  'одиннадцать',
  'двенадцать',
  'тринадцать',
  'четырнадцать',
  'пятнадцать',
  'шестнадцать',
  'семнадцать',
  'восемнадцать',
  'девятнадцать',
];
const TENS = [
  '',
  '',
  'двадцать',
  'тридцать',
  'сорок',
  'пятьдесят',
  'шестьдесят',
  'семьдесят',
  'восемьдесят',
  'девяносто',
];
const HUNDREDS = [
  '',
  'сто',
  'двести',
  'триста',
  'четыреста',
  'пятьсот',
  'шестьсот',
  'семьсот',
  'восемьсот',
  'девятьсот',
];

const THOUSAND_FORMS = new Map<Intl.LDMLPluralRule, string>([
  ['one', 'тысяча'],
  ['few', 'тысячи'],
  ['many', 'тысяч'],
]);
const rules = new Intl.PluralRules('ru-RU');

/** Words of 1…999; `feminine` for the thousands. */
function belowThousand(n: number, feminine: boolean): string[] {
  const units = feminine ? UNITS_FEMININE : UNITS_MASCULINE;
  const words = [HUNDREDS[Math.floor(n / 100)] ?? ''];
  const rest = n % 100;
  if (rest >= 10 && rest < 20) words.push(TEENS[rest - 10] ?? '');
  else words.push(TENS[Math.floor(rest / 10)] ?? '', units[rest % 10] ?? '');
  return words.filter(Boolean);
}

/** 0…999 999 in Russian words: 347 → «триста сорок семь», 2001 → «две тысячи один». */
export function numberInWords(n: number): string {
  if (!Number.isInteger(n) || n < 0 || n > 999_999) {
    throw new RangeError(`Число вне диапазона: ${n}`);
  }
  if (n === 0) return 'ноль';
  const thousands = Math.floor(n / 1000);
  const words: string[] = [];
  if (thousands > 0) {
    words.push(...belowThousand(thousands, true));
    words.push(THOUSAND_FORMS.get(rules.select(thousands)) ?? 'тысяч');
  }
  words.push(...belowThousand(n % 1000, false));
  return words.join(' ');
}

/** A number for the gate: three or four digits, so the words are long enough to need reading. */
export function randomGateNumber(random: () => number = Math.random): number {
  return 101 + Math.floor(random() * 9899);
}
