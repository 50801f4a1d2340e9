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

/** Today in Moscow as YYYY-MM-DD: the server counts ages by the Moscow calendar (docs/PRODUCT.md «Product rules»). */
export function todayInMoscow(now: Date = new Date()): string {
  return moscowCalendarDate(now);
}

/** Full years on `today` (both YYYY-MM-DD); null for a malformed date. A birthday counts on its day. */
export function ageInYears(birthDate: string, today: string): number | null {
  if (!isCalendarDate(birthDate) || !isCalendarDate(today)) return null;
  return ageOn(birthDate, today);
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

/** «4 года», «2 года», «7 лет». */
export function formatAge(age: number): string {
  return pluralize(age, YEARS);
}
