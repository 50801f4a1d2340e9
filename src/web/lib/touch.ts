import { TOUCH } from '@contract/constants';

/**
 * SPEC §9 touch defaults as @use-gesture options: a tap moves less than 10 px, a swipe travels 30 px,
 * a hold or long tap lasts 400 ms.
 */
export const DRAG_GESTURE_CONFIG = {
  filterTaps: true,
  tapsThreshold: TOUCH.tapTolerance,
  threshold: TOUCH.tapTolerance,
  swipe: { distance: TOUCH.swipeTolerance },
} as const;

/** Press-and-hold: the drag starts only after the hold time (or an earlier move). */
export const HOLD_GESTURE_CONFIG = { ...DRAG_GESTURE_CONFIG, delay: TOUCH.holdMs } as const;

export const LONG_TAP_MS = TOUCH.longTapMs;
export const HOLD_MS = TOUCH.holdMs;
