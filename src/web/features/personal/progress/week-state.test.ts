import { describe, expect, it } from 'vitest';
import { weekState } from './week-state';

const week = (number: number, open: boolean, completed: number, total = 3) => ({
  number,
  title: `Неделя ${number}`,
  open,
  lessons_total: total,
  lessons_completed: completed,
});

describe('weekState', () => {
  it.each([
    [week(1, true, 3), 3, 'done'],
    // A week watched through stays done even when the subscription ended since.
    [week(1, false, 3), 3, 'done'],
    [week(2, true, 1), 3, 'started'],
    [week(3, true, 0), 3, 'open'],
    [week(1, false, 0), 3, 'missed'],
    [week(1, false, 1), 3, 'missed'],
    [week(4, false, 1), 3, 'ahead'],
    [week(4, false, 0), 3, 'ahead'],
    [week(3, false, 0), 3, 'ahead'],
    [week(1, false, 0), null, 'ahead'],
    [week(1, true, 0, 0), 1, 'open'],
  ] as const)('%o at week %s → %s', (w, current, state) => {
    expect(weekState(w, current)).toBe(state);
  });
});
