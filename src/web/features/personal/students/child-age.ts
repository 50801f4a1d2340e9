import type { AgeGroupSlug } from '@contract/api/catalog';
import {
  ageGroupForAge,
  ageOn,
  birthDateProblem as contractBirthDateProblem,
  isCalendarDate,
  MAX_CHILD_AGE,
  MIN_CHILD_AGE,
} from '@contract/api/children';
import { moscowCalendarDate } from '@contract/moscow-date';
import { pluralize, YEARS } from '@contract/plural';

export { ageGroupForAge, MAX_CHILD_AGE, MIN_CHILD_AGE };

interface DateParts {
  year: number;
  month: number;
  day: number;
}

/** Today in Moscow as YYYY-MM-DD: the server counts ages by the Moscow calendar (ARCHITECTURE §5). */
export function todayInMoscow(now: Date = new Date()): string {
  return moscowCalendarDate(now);
}

function parse(value: string): DateParts | null {
  if (!isCalendarDate(value)) return null;
  const [year, month, day] = value.split('-').map(Number) as [number, number, number];
  return { year, month, day };
}

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

function format({ year, month, day }: DateParts): string {
  const pad = (n: number, width: number) => String(n).padStart(width, '0');
  return `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}`;
}

/** The same day `years` earlier; 29 February becomes 28 February in a common year. */
function yearsBefore(date: DateParts, years: number): DateParts {
  const year = date.year - years;
  return { year, month: date.month, day: Math.min(date.day, daysInMonth(year, date.month)) };
}

function nextDay(date: DateParts): DateParts {
  const next = new Date(Date.UTC(date.year, date.month - 1, date.day + 1));
  return { year: next.getUTCFullYear(), month: next.getUTCMonth() + 1, day: next.getUTCDate() };
}

/** Full years on `today` (both YYYY-MM-DD); null for a malformed date. A birthday counts on its day. */
export function ageInYears(birthDate: string, today: string): number | null {
  if (!isCalendarDate(birthDate) || !isCalendarDate(today)) return null;
  return ageOn(birthDate, today);
}

/**
 * The `min`/`max` of the birth date input: from the day after the ninth birthday would fall on `today`
 * (still eight) to the day that makes exactly one year today.
 */
export function birthDateLimits(today: string): { min: string; max: string } {
  const now = parse(today);
  if (!now) throw new Error(`Not a date: ${today}`);
  return {
    min: format(nextDay(yearsBefore(now, MAX_CHILD_AGE + 1))),
    max: format(yearsBefore(now, MIN_CHILD_AGE)),
  };
}

/** The default age group for a birth date, or null while the date is incomplete or out of range. */
export function defaultAgeGroup(birthDate: string, today: string): AgeGroupSlug | null {
  const age = ageInYears(birthDate, today);
  if (age === null || age < MIN_CHILD_AGE || age > MAX_CHILD_AGE) return null;
  return ageGroupForAge(age);
}

/** Why a birth date cannot be saved, in the server's words; null when it is fine. */
export function birthDateProblem(birthDate: string, today: string): string | null {
  if (!birthDate) return 'Укажите дату рождения';
  if (!isCalendarDate(birthDate)) return 'Введите дату полностью: день, месяц и год';
  return contractBirthDateProblem(birthDate, today);
}

/** «4 года», «1 год», «8 лет». */
export function formatAge(age: number): string {
  return pluralize(age, YEARS);
}
