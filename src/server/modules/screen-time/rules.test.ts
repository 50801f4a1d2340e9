import { describe, expect, it } from 'vitest';
import {
  FRESH_SEGMENT_SECONDS,
  MAX_SECONDS_PER_REPORT,
  countedSeconds,
  extendedUntilSeconds,
  localDay,
  localHour,
  restState,
  type PreviousReport,
} from './rules';

const T0 = new Date('2026-11-24T09:00:00Z'); // 12:00 in Moscow
const at = (seconds: number) => new Date(T0.getTime() + seconds * 1000);
const NONE: PreviousReport = { lessonId: null, positionSeconds: null, at: null };
const after = (lessonId: number, positionSeconds: number, seconds = 0): PreviousReport => ({
  lessonId,
  positionSeconds,
  at: at(seconds),
});

/** Plays reports one after another, each against the one before, and sums what they count. */
function watch(reports: { lesson: number; position: number; second: number }[]): number {
  let previous = NONE;
  let total = 0;
  for (const r of reports) {
    const now = at(r.second);
    total += countedSeconds(previous, { lessonId: r.lesson, positionSeconds: r.position }, now);
    previous = { lessonId: r.lesson, positionSeconds: r.position, at: now };
  }
  return total;
}

describe('countedSeconds', () => {
  it('counts plain watching by the position: 12 seconds a report', () => {
    expect(countedSeconds(after(1, 12), { lessonId: 1, positionSeconds: 24 }, at(12))).toBe(12);
    const reports = Array.from({ length: 10 }, (_, i) => ({
      lesson: 1,
      position: 12 * (i + 1),
      second: 12 * (i + 1),
    }));
    // The first report has nothing before it and counts what a fresh segment may.
    expect(watch(reports)).toBe(120);
  });

  it('never counts more than the wall clock: a seek forward, double speed, a lying client', () => {
    // A jump from 12 s to the end of a lesson a second later counts that second.
    expect(countedSeconds(after(1, 12), { lessonId: 1, positionSeconds: 600 }, at(1))).toBe(1);
    // Double speed: 24 s of video in 12 s counts 12.
    expect(countedSeconds(after(1, 24), { lessonId: 1, positionSeconds: 48 }, at(12))).toBe(12);
    // After a long pause a seek forward counts at most one report's worth.
    expect(countedSeconds(after(1, 12), { lessonId: 1, positionSeconds: 900 }, at(3600))).toBe(
      MAX_SECONDS_PER_REPORT,
    );
  });

  it('a pause counts only what was played, not the time away', () => {
    expect(countedSeconds(after(1, 30), { lessonId: 1, positionSeconds: 35 }, at(600))).toBe(5);
  });

  it('a replay or a seek back starts a fresh segment and counts real time only', () => {
    // Back to the start of the lesson: the report counts at most a fresh segment.
    expect(countedSeconds(after(1, 300), { lessonId: 1, positionSeconds: 12 }, at(12))).toBe(12);
    expect(countedSeconds(after(1, 300), { lessonId: 1, positionSeconds: 250 }, at(60))).toBe(
      FRESH_SEGMENT_SECONDS,
    );
    // Replaying the same minute over and over counts the minutes it took, no more.
    const replays = [0, 1, 2].flatMap((round) =>
      [12, 24, 36, 48, 60].map((position, i) => ({
        lesson: 1,
        position,
        second: round * 60 + 12 * (i + 1),
      })),
    );
    expect(watch(replays)).toBeLessThanOrEqual(180);
    expect(watch(replays)).toBeGreaterThanOrEqual(170);
  });

  it('reports from two devices at once count the time once', () => {
    // Two lessons, reports every 6 s alternately: 2 minutes of wall clock.
    const reports = Array.from({ length: 20 }, (_, i) => ({
      lesson: i % 2 === 0 ? 1 : 2,
      position: 12 * (Math.floor(i / 2) + 1),
      second: 6 * (i + 1),
    }));
    // The day's first report has nothing to be measured against and may bring its fresh segment.
    expect(watch(reports)).toBeLessThanOrEqual(120 + FRESH_SEGMENT_SECONDS);
    expect(watch(reports)).toBeGreaterThanOrEqual(120);
  });

  it('a report older than the previous one (clock skew, a late retry) counts nothing', () => {
    expect(countedSeconds(after(1, 12, 30), { lessonId: 1, positionSeconds: 24 }, at(20))).toBe(0);
  });
});

describe('restState', () => {
  const MOSCOW = 'Europe/Moscow';
  const noRules = { dailyLimitMinutes: null, noLessonsAfter: null, timeZone: MOSCOW };
  const limit15 = { dailyLimitMinutes: 15, noLessonsAfter: null, timeZone: MOSCOW };
  const day = (watchedMinutes: number, grantedUntilMinutes: number | null = null, extra = 0) => ({
    watchedSeconds: watchedMinutes * 60,
    extraMinutes: extra,
    grantedUntilSeconds: grantedUntilMinutes === null ? null : grantedUntilMinutes * 60,
  });

  it('reads the hour and the day by the family’s clock', () => {
    expect(localHour(new Date('2026-11-24T15:00:00Z'), MOSCOW)).toBe(18);
    expect(localHour(new Date('2026-11-24T21:30:00Z'), MOSCOW)).toBe(0);
    expect(localHour(new Date('2026-11-24T15:00:00Z'), 'Asia/Vladivostok')).toBe(1);
    expect(localDay(new Date('2026-11-24T15:00:00Z'), MOSCOW)).toBe('2026-11-24');
    expect(localDay(new Date('2026-11-24T15:00:00Z'), 'Asia/Vladivostok')).toBe('2026-11-25');
  });

  it('without rules lessons never rest', () => {
    expect(restState(noRules, day(300), T0)).toMatchObject({ resting: false, minutesLeft: null });
  });

  it('rests once the limit is reached', () => {
    expect(restState(limit15, day(14), T0)).toMatchObject({ resting: false, minutesLeft: 1 });
    expect(restState(limit15, day(15), T0)).toMatchObject({
      resting: true,
      reason: 'limit',
      minutesLeft: 0,
    });
  });

  it('rests from the evening hour by the family’s clock, whatever is left of the limit', () => {
    const evening = { dailyLimitMinutes: 60, noLessonsAfter: 19, timeZone: MOSCOW };
    expect(restState(evening, day(5), new Date('2026-11-24T15:59:00Z')).resting).toBe(false);
    expect(restState(evening, day(5), new Date('2026-11-24T16:00:00Z'))).toMatchObject({
      resting: true,
      reason: 'late',
    });
    // 19:00 in Vladivostok is 12:00 in Moscow.
    const east = { ...evening, timeZone: 'Asia/Vladivostok' };
    expect(restState(east, day(5), new Date('2026-11-24T08:59:00Z')).resting).toBe(false);
    expect(restState(east, day(5), new Date('2026-11-24T09:00:00Z')).reason).toBe('late');
  });

  it('an extension opens 15 more minutes past the limit and the hour, and they add up to an hour', () => {
    const ext = extendedUntilSeconds(limit15, day(15), T0);
    expect(ext).toBe(30 * 60);
    expect(restState(limit15, day(20, 30, 15), T0)).toMatchObject({
      resting: false,
      minutesLeft: 10,
    });
    expect(restState(limit15, day(30, 30, 15), T0).resting).toBe(true);
    // Given before the limit is reached, it adds to the limit.
    expect(extendedUntilSeconds(limit15, day(5), T0)).toBe(30 * 60);
    // In the evening it counts from now.
    const evening = { dailyLimitMinutes: 15, noLessonsAfter: 18, timeZone: MOSCOW };
    const late = new Date('2026-11-24T16:00:00Z');
    expect(extendedUntilSeconds(evening, day(10), late)).toBe(25 * 60);
    expect(restState(evening, day(10, 25, 15), late).resting).toBe(false);
    expect(restState(limit15, day(15, null, 45), T0).canExtend).toBe(true);
    expect(restState(limit15, day(15, null, 60), T0).canExtend).toBe(false);
  });
});
