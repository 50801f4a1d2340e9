// What a child has watched, lesson by lesson, with where each lesson sits: read once per request by the
// child's id (the unique index of lesson_stats starts with it), so its cost depends on one child only.
import { and, count, eq, inArray, isNotNull } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { lessonStats, lessons } from '../../db/schema/index';
import type { WatchedLesson } from '../lessons';

export type { WatchedLesson };

export async function watchedLessons(db: Database, childId: number): Promise<WatchedLesson[]> {
  const rows = await db
    .select({
      lessonId: lessons.id,
      code: lessons.code,
      weekId: lessons.weekId,
      additionalProgramId: lessons.additionalProgramId,
      isActive: lessons.isActive,
      watchedSeconds: lessonStats.watchedSeconds,
      completedAt: lessonStats.completedAt,
    })
    .from(lessonStats)
    .innerJoin(lessons, eq(lessons.code, lessonStats.lessonKey))
    .where(eq(lessonStats.childId, childId));
  return rows.map(({ completedAt, ...rest }) => ({ ...rest, completed: completedAt !== null }));
}

/** Whole minutes: a parent reads «12 минут», never seconds. */
export const minutesOf = (seconds: number): number => Math.floor(seconds / 60);

export const sumWatchedSeconds = (rows: readonly WatchedLesson[]): number =>
  rows.reduce((sum, r) => sum + r.watchedSeconds, 0);

/** Active lessons per week, for the weeks given. */
export async function lessonsPerWeek(
  db: Database,
  weekIds: readonly number[],
): Promise<Map<number, number>> {
  if (weekIds.length === 0) return new Map();
  const rows = await db
    .select({ weekId: lessons.weekId, total: count() })
    .from(lessons)
    .where(
      and(
        inArray(lessons.weekId, [...weekIds]),
        isNotNull(lessons.weekId),
        eq(lessons.isActive, true),
      ),
    )
    .groupBy(lessons.weekId);
  return new Map(rows.flatMap((r) => (r.weekId === null ? [] : [[r.weekId, r.total]])));
}

/** Active lessons per additional program, for the programs given. */
export async function lessonsPerAdditionalProgram(
  db: Database,
  programIds: readonly number[],
): Promise<Map<number, number>> {
  if (programIds.length === 0) return new Map();
  const rows = await db
    .select({ programId: lessons.additionalProgramId, total: count() })
    .from(lessons)
    .where(
      and(
        inArray(lessons.additionalProgramId, [...programIds]),
        isNotNull(lessons.additionalProgramId),
        eq(lessons.isActive, true),
      ),
    )
    .groupBy(lessons.additionalProgramId);
  return new Map(rows.flatMap((r) => (r.programId === null ? [] : [[r.programId, r.total]])));
}

/** Completed active lessons of the child, counted by a key (week, additional program). */
export function completedBy(
  rows: readonly WatchedLesson[],
  key: (row: WatchedLesson) => number | null,
): Map<number, number> {
  const counts = new Map<number, number>();
  for (const row of rows) {
    const k = key(row);
    if (k === null || !row.completed || !row.isActive) continue;
    counts.set(k, (counts.get(k) ?? 0) + 1);
  }
  return counts;
}
