import type { ChildProgress } from '@contract/api/learning';

type Week = ChildProgress['weeks'][number];

/**
 * Where a week of the path stands for the parent: watched through, begun, open and waiting, passed
 * while closed (missed: it can be bought), or still ahead.
 */
export type WeekState = 'done' | 'started' | 'open' | 'missed' | 'ahead';

export function weekState(week: Week, currentWeek: number | null): WeekState {
  if (week.lessons_total > 0 && week.lessons_completed >= week.lessons_total) return 'done';
  // A closed week with its free first lesson watched is still closed: missed or ahead.
  if (!week.open) return currentWeek !== null && week.number < currentWeek ? 'missed' : 'ahead';
  return week.lessons_completed > 0 ? 'started' : 'open';
}

/** The word under a step of the path: the state is never told by colour alone. */
export const WEEK_STATE_LABELS: Record<WeekState, string> = {
  done: 'пройдена',
  started: 'в процессе',
  open: 'открыта',
  missed: 'пропущена',
  ahead: 'впереди',
};
