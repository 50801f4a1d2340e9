import { describe, expect, it } from 'vitest';
import {
  lessonAccess,
  seatedChildIds,
  skippedWeekNumbers,
  type Access,
  type LessonPlace,
  type Period,
  type ViewerChild,
} from './access';

const at = (iso: string): Date => new Date(iso);
const period = (from: string, to: string): Period => ({ startsAt: at(from), endsAt: at(to) });

// The child started the program on Monday 2 November; on 24 November the child is in week 4
// (week 3 is 16–23 November, week 4 is 23–30 November).
const NOW = at('2026-11-24T09:00:00Z');
const STARTED = at('2026-11-02T00:00:00Z');
const TRIAL = period('2026-11-20T00:00:00Z', '2026-11-27T00:00:00Z');
const SIX_MONTHS = period('2026-11-20T00:00:00Z', '2027-05-20T00:00:00Z');
const LAST_SPRING = period('2026-03-01T00:00:00Z', '2026-11-20T00:00:00Z');

const week = (weekNumber: number, isFirstOfProgram = false): LessonPlace => ({
  program: 'main',
  weekId: 100 + weekNumber,
  weekNumber,
  isFirstOfProgram,
});
const extra = (isFirstOfProgram = false): LessonPlace => ({
  program: 'additional',
  additionalProgramId: 7,
  isFirstOfProgram,
});

const child = (over: Partial<ViewerChild> = {}): ViewerChild => ({
  studyMode: 'schedule',
  programStartedAt: STARTED,
  hasSeat: true,
  boughtWeekIds: new Set(),
  boughtAdditionalProgramIds: new Set(),
  ...over,
});

interface Row {
  case: string;
  lesson: LessonPlace;
  child?: ViewerChild;
  subscriptions: Period[];
  now?: Date;
  expected: Access;
}

const rows: Row[] = [
  {
    case: 'a guest watches the first lesson of the main program',
    lesson: week(1, true),
    subscriptions: [],
    expected: { allowed: true, because: 'preview' },
  },
  {
    case: 'a guest watches the first lesson of an additional program',
    lesson: extra(true),
    subscriptions: [],
    expected: { allowed: true, because: 'preview' },
  },
  {
    case: 'a guest cannot watch any other lesson',
    lesson: week(1),
    subscriptions: [SIX_MONTHS],
    expected: { allowed: false, because: 'no_child' },
  },
  {
    case: 'trial: the current week is open',
    lesson: week(4),
    child: child(),
    subscriptions: [TRIAL],
    expected: { allowed: true, because: 'subscription' },
  },
  {
    case: 'trial: the week it began in is open',
    lesson: week(3),
    child: child(),
    subscriptions: [TRIAL],
    expected: { allowed: true, because: 'subscription' },
  },
  {
    case: 'trial: a week before the subscription stays closed',
    lesson: week(2),
    child: child(),
    subscriptions: [TRIAL],
    expected: { allowed: false, because: 'week_not_open' },
  },
  {
    case: 'trial: the week after it ends stays closed, even in free mode',
    lesson: week(5),
    child: child({ studyMode: 'free' }),
    subscriptions: [TRIAL],
    expected: { allowed: false, because: 'week_not_open' },
  },
  {
    case: 'schedule mode: a paid week that has not begun is closed',
    lesson: week(10),
    child: child(),
    subscriptions: [SIX_MONTHS],
    expected: { allowed: false, because: 'week_not_open' },
  },
  {
    case: 'free mode: every paid week is open at once',
    lesson: week(10),
    child: child({ studyMode: 'free' }),
    subscriptions: [SIX_MONTHS],
    expected: { allowed: true, because: 'subscription' },
  },
  {
    case: 'weeks paid by an earlier subscription stay open while one is active',
    lesson: week(1),
    child: child(),
    subscriptions: [LAST_SPRING, TRIAL],
    expected: { allowed: true, because: 'subscription' },
  },
  {
    case: 'an expired subscription opens nothing',
    lesson: week(2),
    child: child(),
    subscriptions: [LAST_SPRING],
    expected: { allowed: false, because: 'no_subscription' },
  },
  {
    case: 'the end of a subscription is exclusive',
    lesson: week(4),
    child: child(),
    subscriptions: [TRIAL],
    now: at('2026-11-27T00:00:00Z'),
    expected: { allowed: false, because: 'no_subscription' },
  },
  {
    case: 'a bought week plays without a subscription',
    lesson: week(2),
    child: child({ boughtWeekIds: new Set([102]) }),
    subscriptions: [],
    expected: { allowed: true, because: 'bought_week' },
  },
  {
    case: 'a bought week plays for a child without a seat',
    lesson: week(2),
    child: child({ hasSeat: false, boughtWeekIds: new Set([102]) }),
    subscriptions: [TRIAL],
    expected: { allowed: true, because: 'bought_week' },
  },
  {
    case: 'a child beyond the seats watches nothing of the subscription',
    lesson: week(4),
    child: child({ hasSeat: false }),
    subscriptions: [SIX_MONTHS],
    expected: { allowed: false, because: 'no_seat' },
  },
  {
    case: 'an additional program bought for the child plays',
    lesson: extra(),
    child: child({ boughtAdditionalProgramIds: new Set([7]), hasSeat: false }),
    subscriptions: [],
    expected: { allowed: true, because: 'bought_program' },
  },
  {
    case: 'a subscription does not include additional programs',
    lesson: extra(),
    child: child(),
    subscriptions: [SIX_MONTHS],
    expected: { allowed: false, because: 'program_not_bought' },
  },
  {
    case: 'schedule mode before the program starts: nothing has begun',
    lesson: week(1),
    child: child({ programStartedAt: at('2026-12-01T00:00:00Z') }),
    subscriptions: [SIX_MONTHS],
    expected: { allowed: false, because: 'week_not_open' },
  },
];

describe('lesson access', () => {
  it.each(rows)('$case', ({ lesson, child: viewer, subscriptions, now, expected }) => {
    expect(lessonAccess({ now: now ?? NOW, lesson, child: viewer, subscriptions })).toEqual(
      expected,
    );
  });
});

describe('seats', () => {
  it('go to the earliest added children, as many as there are seats', () => {
    const family = [{ id: 3 }, { id: 5 }, { id: 9 }];
    expect([...seatedChildIds(family, 2)]).toEqual([3, 5]);
    expect([...seatedChildIds(family, 0)]).toEqual([]);
    expect([...seatedChildIds(family, 5)]).toEqual([3, 5, 9]);
  });
});

describe('skipped weeks', () => {
  const weeks = new Map([1, 2, 3, 4, 5].map((n) => [n, 100 + n]));

  it('are the passed weeks no subscription covered', () => {
    expect(skippedWeekNumbers(child(), weeks, [TRIAL], NOW)).toEqual([1, 2]);
  });

  it('leave out a week bought since', () => {
    expect(
      skippedWeekNumbers(child({ boughtWeekIds: new Set([101]) }), weeks, [TRIAL], NOW),
    ).toEqual([2]);
  });

  it('never include the current week', () => {
    expect(skippedWeekNumbers(child(), weeks, [], NOW)).toEqual([1, 2, 3]);
  });
});
