// The school lives on Moscow time (docs/PRODUCT.md «Product rules»): every date and time shown to a person — on a web
// screen, in a mail, on a server-rendered page — is Moscow's, whatever the zone of the reader or the server.
//
// The strings are assembled from Intl's parts rather than taken whole from Intl.format: engines disagree on
// the glue («23 ноября 2026 г.», «… г. в 12:05», «…, 12:05»), and the browser, Node and the mail must
// print the same thing.

export const MOSCOW_TIME_ZONE = 'Europe/Moscow';

/** Put after a time so nobody reads it as their own zone's: «12:05 (МСК)». */
export const MOSCOW_ZONE_LABEL = 'МСК';

/** A moment: a Date, an ISO string as the API sends it (or a YYYY-MM-DD date), epoch milliseconds. */
export type MomentInput = Date | string | number;

export interface TimeOptions {
  /** «12:05:07» rather than «12:05». */
  seconds?: boolean;
  /** Append « (МСК)». */
  zone?: boolean;
}

const dateFormat = new Intl.DateTimeFormat('ru-RU', {
  timeZone: MOSCOW_TIME_ZONE,
  day: 'numeric',
  month: 'long',
  year: 'numeric',
});

// h23: some engines give «24:05» past midnight with hour12: false.
const timeFormat = new Intl.DateTimeFormat('ru-RU', {
  timeZone: MOSCOW_TIME_ZONE,
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

const calendarFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: MOSCOW_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

function toDate(value: MomentInput): Date | null {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

function partsOf(format: Intl.DateTimeFormat, date: Date): Partial<Record<string, string>> {
  const parts: Partial<Record<string, string>> = {};
  for (const { type, value } of format.formatToParts(date)) parts[type] = value;
  return parts;
}

function dateOf(date: Date): string {
  const { day, month, year } = partsOf(dateFormat, date);
  return `${day} ${month} ${year}`;
}

function timeOf(date: Date, { seconds = false, zone = false }: TimeOptions): string {
  const { hour, minute, second } = partsOf(timeFormat, date);
  const time = seconds ? `${hour}:${minute}:${second}` : `${hour}:${minute}`;
  return zone ? `${time} (${MOSCOW_ZONE_LABEL})` : time;
}

/** «23 ноября 2026». A value that is not a moment is returned as it came, so a screen never breaks on it. */
export function formatMoscowDate(value: MomentInput): string {
  const date = toDate(value);
  return date ? dateOf(date) : String(value);
}

/** «12:05», «12:05:07», «12:05 (МСК)». An unparsable value is returned as it came. */
export function formatMoscowTime(value: MomentInput, options: TimeOptions = {}): string {
  const date = toDate(value);
  return date ? timeOf(date, options) : String(value);
}

/** «23 ноября 2026 в 12:05», with seconds and « (МСК)» on request. An unparsable value is returned as it came. */
export function formatMoscowDateTime(value: MomentInput, options: TimeOptions = {}): string {
  const date = toDate(value);
  return date ? `${dateOf(date)} в ${timeOf(date, options)}` : String(value);
}

/** The Moscow calendar date of a moment as YYYY-MM-DD: the day the school counts by (ages, «today»). */
export function moscowCalendarDate(value: MomentInput): string {
  const date = toDate(value);
  if (!date) throw new RangeError(`Not a moment: ${String(value)}`);
  const { year, month, day } = partsOf(calendarFormat, date);
  return `${year}-${month}-${day}`;
}
