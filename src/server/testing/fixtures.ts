import type { SeedContent } from '../db/seed/content';

/** Seeds nothing but the accounts: for tests that bring their own rows. */
export const NO_CONTENT: SeedContent = {
  regions: [],
  ageGroups: [],
  landing: [],
  pages: [],
  instructions: [],
  tariffs: [],
  additionalPrograms: [],
};

/** A clock the test moves by hand. */
export function manualClock(start = '2026-03-02T09:00:00Z') {
  let now = new Date(start);
  return {
    clock: () => now,
    advance(ms: number) {
      now = new Date(now.getTime() + ms);
    },
  };
}
