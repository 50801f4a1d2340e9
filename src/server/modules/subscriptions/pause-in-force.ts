import type { PauseRow } from './service';

/** When the «каникулы» running at `now` end (an early return counted), or null when none runs. */
export function pauseInForce(pauses: readonly PauseRow[], now: Date): Date | null {
  for (const pause of pauses) {
    const endsAt =
      pause.resumedAt && pause.resumedAt < pause.endsAt ? pause.resumedAt : pause.endsAt;
    if (pause.startsAt <= now && now < endsAt) return endsAt;
  }
  return null;
}
