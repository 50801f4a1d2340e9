// Dates typed the Russian way, дд.мм.гггг, on every browser: a native date input follows the browser's
// locale (mm/dd/yyyy in an English Chromium), so the school takes digits in a text field and puts the dots
// in itself. The API keeps YYYY-MM-DD.
import { isCalendarDate } from '@contract/api/children';
import { DAYS, pluralize } from '@contract/plural';

export const DATE_PLACEHOLDER = 'дд.мм.гггг';

const ISO = /^\s*(\d{4})-(\d{2})-(\d{2})\s*$/;
const SEPARATOR = /[.,/\-\s]/;

/**
 * What the field shows for what was typed: digits with the dots put in as the parent goes (1203 → 12.03),
 * a day or month typed as one digit before a dot padded (1.3. → 01.03.), a pasted 2021-03-12 turned round.
 */
export function maskDate(raw: string): string {
  const iso = ISO.exec(raw);
  if (iso) return `${iso[3]}.${iso[2]}.${iso[1]}`;
  const parts = ['', '', ''];
  let part = 0;
  for (const char of raw) {
    if (char >= '0' && char <= '9') {
      if (part < 2 && parts[part]?.length === 2) part += 1;
      if (part === 2 && parts[2]?.length === 4) break;
      parts[part] += char;
    } else if (SEPARATOR.test(char) && part < 2 && parts[part] !== '') {
      parts[part] = (parts[part] ?? '').padStart(2, '0');
      part += 1;
    }
  }
  const [day, month, year] = parts as [string, string, string];
  return `${day}${part >= 1 ? `.${month}` : ''}${part >= 2 ? `.${year}` : ''}`;
}

/** дд.мм.гггг → YYYY-MM-DD. */
export function isoFromRussian(text: string): string | null {
  const match = /^(\d{2})\.(\d{2})\.(\d{4})$/.exec(text.trim());
  return match ? `${match[3]}-${match[2]}-${match[1]}` : null;
}

/** YYYY-MM-DD → дд.мм.гггг; anything else as it is. */
export function russianFromIso(iso: string): string {
  const match = ISO.exec(iso);
  return match ? `${match[3]}.${match[2]}.${match[1]}` : iso;
}

const IN_MONTH = [
  'январе',
  'феврале',
  'марте',
  'апреле',
  'мае',
  'июне',
  'июле',
  'августе',
  'сентябре',
  'октябре',
  'ноябре',
  'декабре',
];

export type ParsedDate =
  { iso: string; problem?: undefined } | { iso?: undefined; problem: string };

/** The typed date as YYYY-MM-DD, or why it is not one: incomplete, no such month, no such day. */
export function parseRussianDate(text: string, required: string): ParsedDate {
  if (text.trim() === '') return { problem: required };
  const iso = isoFromRussian(text);
  if (!iso) return { problem: `Введите дату полностью, в формате ${DATE_PLACEHOLDER}` };
  if (isCalendarDate(iso)) return { iso };
  const [year, month] = iso.split('-').map(Number) as [number, number];
  const monthName = IN_MONTH[month - 1];
  if (!monthName) return { problem: 'Такого месяца нет: месяц — число от 01 до 12' };
  const days = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return { problem: `Такой даты нет: в ${monthName} ${year}\u00a0года ${pluralize(days, DAYS)}` };
}
