// The achievements a child earns by watching: a small fixed catalogue in code (titles a four-year-old's
// parent reads aloud), the conditions judged from the child's watched lessons, and the earned ones kept in
// child_achievements. Each is earned once: a repeated award is a no-op, so reports may repeat freely.
import { eq } from 'drizzle-orm';
import type { Achievement } from '@contract/api/learning';
import type { Database } from '../../db/client';
import { childAchievements } from '../../db/schema/index';
import {
  completedBy,
  lessonsPerWeek,
  minutesOf,
  sumWatchedSeconds,
  type WatchedLesson,
} from './child-stats';

/** What the conditions are judged on. */
export interface WatchSummary {
  lessonsCompleted: number;
  additionalLessonsCompleted: number;
  minutesWatched: number;
  /** Some week of a main program has every lesson completed. */
  fullWeek: boolean;
}

interface CatalogueEntry {
  code: string;
  title: string;
  description: string;
  earned(summary: WatchSummary): boolean;
}

export const ACHIEVEMENTS: readonly CatalogueEntry[] = [
  {
    code: 'first-lesson',
    title: 'Первый урок',
    description: 'Первый урок досмотрен до конца',
    earned: (s) => s.lessonsCompleted >= 1,
  },
  {
    code: 'first-week',
    title: 'Целая неделя',
    description: 'Досмотрены все уроки одной недели',
    earned: (s) => s.fullWeek,
  },
  {
    code: 'five-lessons',
    title: 'Пять уроков',
    description: 'Досмотрены пять уроков',
    earned: (s) => s.lessonsCompleted >= 5,
  },
  {
    code: 'ten-lessons',
    title: 'Десять уроков',
    description: 'Досмотрены десять уроков',
    earned: (s) => s.lessonsCompleted >= 10,
  },
  {
    code: 'first-additional',
    title: 'Новые горизонты',
    description: 'Досмотрен первый урок дополнительной программы',
    earned: (s) => s.additionalLessonsCompleted >= 1,
  },
  {
    code: 'sixty-minutes',
    title: 'Час знаний',
    description: 'Шестьдесят минут занятий',
    earned: (s) => s.minutesWatched >= 60,
  },
];

const byCode = new Map(ACHIEVEMENTS.map((a) => [a.code, a]));
const rank = (code: string): number => ACHIEVEMENTS.findIndex((a) => a.code === code);

function toAchievement(row: { code: string; earnedAt: Date }): Achievement[] {
  const entry = byCode.get(row.code);
  // A code withdrawn from the catalogue is not shown: its title is gone with it.
  return entry
    ? [
        {
          code: entry.code,
          title: entry.title,
          description: entry.description,
          earned_at: row.earnedAt.toISOString(),
        },
      ]
    : [];
}

/** The child's achievements, oldest first; earned by one report, they share a moment: then the catalogue's order. */
export function achievementsOf(rows: readonly { code: string; earnedAt: Date }[]): Achievement[] {
  return [...rows]
    .sort((a, b) => a.earnedAt.getTime() - b.earnedAt.getTime() || rank(a.code) - rank(b.code))
    .flatMap(toAchievement);
}

export async function summarize(
  db: Database,
  rows: readonly WatchedLesson[],
): Promise<WatchSummary> {
  const perWeek = completedBy(rows, (r) => r.weekId);
  const totals = await lessonsPerWeek(db, [...perWeek.keys()]);
  const done = rows.filter((r) => r.completed);
  return {
    lessonsCompleted: done.length,
    additionalLessonsCompleted: done.filter((r) => r.additionalProgramId !== null).length,
    minutesWatched: minutesOf(sumWatchedSeconds(rows)),
    fullWeek: [...perWeek].some(
      ([weekId, completed]) => completed >= (totals.get(weekId) ?? Infinity),
    ),
  };
}

/** Awards what the child has newly earned; returns only those this call awarded. */
export async function awardAchievements(
  db: Database,
  childId: number,
  rows: readonly WatchedLesson[],
  now: Date,
): Promise<Achievement[]> {
  const held = await db
    .select({ code: childAchievements.code })
    .from(childAchievements)
    .where(eq(childAchievements.childId, childId));
  const heldCodes = new Set(held.map((h) => h.code));
  const open = ACHIEVEMENTS.filter((a) => !heldCodes.has(a.code));
  if (open.length === 0) return [];
  const summary = await summarize(db, rows);
  const earned = open.filter((a) => a.earned(summary));
  if (earned.length === 0) return [];
  // Two reports racing award each code once: the loser's insert returns nothing for it.
  const inserted = await db
    .insert(childAchievements)
    .values(earned.map((a) => ({ childId, code: a.code, earnedAt: now })))
    .onConflictDoNothing()
    .returning({ code: childAchievements.code, earnedAt: childAchievements.earnedAt });
  return inserted.sort((a, b) => rank(a.code) - rank(b.code)).flatMap(toAchievement);
}
