// Who may watch a lesson: the one place the school decides it. Everything here is a pure function of facts
// the lessons service reads from the database, so the rule is tested as a table and never re-implemented in
// a route, a screen or a video URL signer.
//
// The program calendar: a child's main program runs in weeks counted from the day the child started it
// (week 1 is the first seven days, week 2 the next seven…). A week is "covered" when any part of its seven
// days falls within one of the family's subscription periods (the trial included).
// - Study mode «по расписанию» (schedule): a covered week opens when its seven days begin — one new week per
//   calendar week of the subscription, and the covered weeks already passed stay open.
// - Study mode «свободный» (free): every covered week is open at once, including those later in the paid
//   period.
// Either way the family's subscription must be active now; a week bought on its own or an additional program
// bought for the child stays open without one. The first lesson of every program is a free preview for all.

export const WEEK_MS = 7 * 24 * 60 * 60 * 1000;

export type StudyMode = 'schedule' | 'free';

export interface Period {
  startsAt: Date;
  /** Exclusive. An ended subscription's period stops where it was ended. */
  endsAt: Date;
}

export type LessonPlace =
  | { program: 'main'; weekId: number; weekNumber: number; isFirstOfProgram: boolean }
  | { program: 'additional'; additionalProgramId: number; isFirstOfProgram: boolean };

export interface ViewerChild {
  studyMode: StudyMode;
  /** When the child started the current main program: week 1 begins here. */
  programStartedAt: Date;
  /** Whether the child is within the family's seats (tariff's children plus bought slots). */
  hasSeat: boolean;
  boughtWeekIds: ReadonlySet<number>;
  boughtAdditionalProgramIds: ReadonlySet<number>;
}

export interface AccessFacts {
  now: Date;
  lesson: LessonPlace;
  /** Absent for a guest or a parent who has not chosen a child: only previews play. */
  child?: ViewerChild;
  /** The family's subscription periods, past ones included (they keep past weeks covered). */
  subscriptions: readonly Period[];
}

export type Granted = 'preview' | 'bought_week' | 'bought_program' | 'subscription';
export type Refused =
  'no_child' | 'no_subscription' | 'no_seat' | 'week_not_open' | 'program_not_bought';

export type Access = { allowed: true; because: Granted } | { allowed: false; because: Refused };

const grant = (because: Granted): Access => ({ allowed: true, because });
const refuse = (because: Refused): Access => ({ allowed: false, because });

/** The seven days of week `weekNumber` (1-based) of a program started at `startedAt`. */
export function weekSpan(startedAt: Date, weekNumber: number): Period {
  const startsAt = new Date(startedAt.getTime() + (weekNumber - 1) * WEEK_MS);
  return { startsAt, endsAt: new Date(startsAt.getTime() + WEEK_MS) };
}

const overlaps = (a: Period, b: Period): boolean => a.startsAt < b.endsAt && b.startsAt < a.endsAt;
const contains = (p: Period, at: Date): boolean => p.startsAt <= at && at < p.endsAt;

export function activeSubscription(periods: readonly Period[], now: Date): Period | undefined {
  return periods.find((p) => contains(p, now));
}

/** The week of the program that `now` falls in (1 on the first day; 0 before the program starts). */
export function currentWeekNumber(startedAt: Date, now: Date): number {
  const elapsed = now.getTime() - startedAt.getTime();
  return elapsed < 0 ? 0 : Math.floor(elapsed / WEEK_MS) + 1;
}

export function isWeekCovered(
  periods: readonly Period[],
  startedAt: Date,
  weekNumber: number,
): boolean {
  const span = weekSpan(startedAt, weekNumber);
  return periods.some((p) => overlaps(p, span));
}

/** Whether a covered week is open now for the child's study mode (the subscription itself checked apart). */
export function isWeekOpen(
  child: Pick<ViewerChild, 'studyMode' | 'programStartedAt'>,
  periods: readonly Period[],
  weekNumber: number,
  now: Date,
): boolean {
  if (!isWeekCovered(periods, child.programStartedAt, weekNumber)) return false;
  if (child.studyMode === 'free') return true;
  return weekNumber <= currentWeekNumber(child.programStartedAt, now);
}

export function lessonAccess({ now, lesson, child, subscriptions }: AccessFacts): Access {
  if (lesson.isFirstOfProgram) return grant('preview');
  if (!child) return refuse('no_child');

  if (lesson.program === 'additional') {
    return child.boughtAdditionalProgramIds.has(lesson.additionalProgramId)
      ? grant('bought_program')
      : refuse('program_not_bought');
  }

  // A week bought on its own belongs to that child whatever the subscription or the seats.
  if (child.boughtWeekIds.has(lesson.weekId)) return grant('bought_week');
  if (!activeSubscription(subscriptions, now)) return refuse('no_subscription');
  if (!child.hasSeat) return refuse('no_seat');
  return isWeekOpen(child, subscriptions, lesson.weekNumber, now)
    ? grant('subscription')
    : refuse('week_not_open');
}

/**
 * Which children hold the family's seats: the earliest added, up to the number of seats. Stable, so a
 * child never loses a seat to a sibling added later.
 */
export function seatedChildIds(
  childrenInOrder: readonly { id: number }[],
  seats: number,
): Set<number> {
  return new Set(childrenInOrder.slice(0, Math.max(0, seats)).map((c) => c.id));
}

/**
 * Weeks of the program that have passed with no subscription covering them and were not bought: what the
 * skipped-weeks page offers to buy.
 */
export function skippedWeekNumbers(
  child: Pick<ViewerChild, 'programStartedAt' | 'boughtWeekIds'>,
  weekIdsByNumber: ReadonlyMap<number, number>,
  periods: readonly Period[],
  now: Date,
): number[] {
  const current = currentWeekNumber(child.programStartedAt, now);
  const skipped: number[] = [];
  for (const [number, weekId] of [...weekIdsByNumber].sort(([a], [b]) => a - b)) {
    if (number >= current) break;
    if (child.boughtWeekIds.has(weekId)) continue;
    if (!isWeekCovered(periods, child.programStartedAt, number)) skipped.push(number);
  }
  return skipped;
}
