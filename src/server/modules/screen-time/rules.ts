// The rules of screen time (docs/PRODUCT.md «Экранное время»), free of the database so they are tested as
// they are: how much of a progress report counts as watching, and whether lessons rest now.
import {
  EXTENSION_MINUTES,
  MAX_EXTRA_MINUTES_A_DAY,
  type RestReason,
} from '@contract/api/screen-time';

/**
 * What one report may count when there is nothing to measure it against: the first report of the day, of a
 * lesson, or after a seek backwards. A little more than the player's 12 seconds between reports.
 */
export const FRESH_SEGMENT_SECONDS = 15;

/**
 * The most one report counts. The player reports every 12 seconds of watching and on a pause, so a real
 * report covers less; a report after a long gap (a pause, a forward seek, a lost connection) cannot bring
 * in more than this, whatever its position says.
 */
export const MAX_SECONDS_PER_REPORT = 30;

/** The previous report of the child's day: the next one is measured against it. */
export interface PreviousReport {
  lessonId: number | null;
  positionSeconds: number | null;
  at: Date | null;
}

export interface Report {
  lessonId: number;
  positionSeconds: number;
}

/**
 * Seconds of watching one report adds: how far the position moved since the previous report of the same
 * lesson, never more than the wall-clock time since the previous report of the child (on any device), and
 * never more than MAX_SECONDS_PER_REPORT. So the sum over a day never runs ahead of the clock: a seek forward
 * counts no more than the time it took, a replay or a seek back starts a fresh segment, playing at double
 * speed counts real minutes, and two devices together count the time once.
 */
export function countedSeconds(previous: PreviousReport, report: Report, now: Date): number {
  const wall = previous.at
    ? Math.max(0, (now.getTime() - previous.at.getTime()) / 1000)
    : FRESH_SEGMENT_SECONDS;
  const continues =
    previous.lessonId === report.lessonId &&
    previous.positionSeconds !== null &&
    report.positionSeconds >= previous.positionSeconds;
  const moved = continues
    ? report.positionSeconds - (previous.positionSeconds ?? 0)
    : Math.min(report.positionSeconds, FRESH_SEGMENT_SECONDS);
  return Math.round(Math.min(moved, wall, MAX_SECONDS_PER_REPORT));
}

// One formatter per zone: a family's clock is its region's (docs/DECISIONS.md «A family's clock is its
// region's»), and Russia has eleven.
const clocks = new Map<string, { hour: Intl.DateTimeFormat; day: Intl.DateTimeFormat }>();
function clockOf(timeZone: string) {
  let clock = clocks.get(timeZone);
  if (!clock) {
    clock = {
      hour: new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', hourCycle: 'h23' }),
      day: new Intl.DateTimeFormat('en-CA', { timeZone }),
    };
    clocks.set(timeZone, clock);
  }
  return clock;
}

/** The hour (0–23) on the clock of `timeZone`. */
export function localHour(now: Date, timeZone: string): number {
  const parts = clockOf(timeZone).hour.formatToParts(now);
  return Number(parts.find((part) => part.type === 'hour')?.value ?? 0);
}

/** The calendar day (YYYY-MM-DD) on the clock of `timeZone`: screen time's day. */
export function localDay(now: Date, timeZone: string): string {
  return clockOf(timeZone).day.format(now);
}

export interface Settings {
  dailyLimitMinutes: number | null;
  noLessonsAfter: number | null;
  /** The family's clock: its region's zone, Moscow's without one. */
  timeZone: string;
}

export interface Day {
  watchedSeconds: number;
  extraMinutes: number;
  grantedUntilSeconds: number | null;
}

export interface RestState {
  resting: boolean;
  reason: RestReason | null;
  /** Whole minutes left (rounded up); null — nothing limits today. */
  minutesLeft: number | null;
  canExtend: boolean;
}

/**
 * Watched seconds up to which lessons play today; null — no rule applies now. The evening hour closes
 * lessons whatever is left of the limit; a grown-up's extension opens them up to its mark past both.
 */
function openUntilSeconds(settings: Settings, day: Day, hour: number): number | null {
  const late = settings.noLessonsAfter !== null && hour >= settings.noLessonsAfter;
  if (late) return day.grantedUntilSeconds ?? 0;
  if (settings.dailyLimitMinutes === null) return null;
  return Math.max(settings.dailyLimitMinutes * 60, day.grantedUntilSeconds ?? 0);
}

export function restState(settings: Settings, day: Day, now: Date): RestState {
  const hour = localHour(now, settings.timeZone);
  const openUntil = openUntilSeconds(settings, day, hour);
  const resting = openUntil !== null && day.watchedSeconds >= openUntil;
  const late = settings.noLessonsAfter !== null && hour >= settings.noLessonsAfter;
  return {
    resting,
    reason: resting ? (late ? 'late' : 'limit') : null,
    minutesLeft:
      openUntil === null ? null : Math.ceil(Math.max(0, openUntil - day.watchedSeconds) / 60),
    canExtend: day.extraMinutes + EXTENSION_MINUTES <= MAX_EXTRA_MINUTES_A_DAY,
  };
}

/**
 * The mark an extension sets: EXTENSION_MINUTES more watching from where the child is now, or from the end
 * of the day's limit when that is still ahead (an extension given early adds to the limit), or from an
 * earlier extension's mark (extensions add up).
 */
export function extendedUntilSeconds(settings: Settings, day: Day, now: Date): number {
  const late =
    settings.noLessonsAfter !== null &&
    localHour(now, settings.timeZone) >= settings.noLessonsAfter;
  const limitEnd =
    !late && settings.dailyLimitMinutes !== null ? settings.dailyLimitMinutes * 60 : 0;
  return (
    Math.max(day.grantedUntilSeconds ?? 0, day.watchedSeconds, limitEnd) + EXTENSION_MINUTES * 60
  );
}
