import { formatMoscowDate } from '@contract/moscow-date';

const EN_DASH = '\u2013';
const NBSP = '\u00a0';

/**
 * Two calendar days (YYYY-MM-DD, Moscow) as Russians write a span: «3–9 ноября 2026» within a month,
 * «28 октября — 3 ноября 2026» within a year, both dates in full otherwise.
 */
export function formatDateRange(startsOn: string, endsOn: string): string {
  const start = formatMoscowDate(startsOn);
  const end = formatMoscowDate(endsOn);
  const [startDay, startMonth, startYear] = start.split(' ');
  const [endDay, endMonth, endYear] = end.split(' ');
  if (start === end) return start;
  if (startYear !== endYear || !startDay || !endDay) return `${start}${NBSP}— ${end}`;
  if (startMonth === endMonth) return `${startDay}${EN_DASH}${end}`;
  return `${startDay} ${startMonth}${NBSP}— ${end}`;
}
