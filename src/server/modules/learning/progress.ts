// The parents' picture of one child's learning: the main program week by week, the additional programs,
// minutes watched and achievements. "Open" means what the lessons page would open today (the same rule).
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { AdditionalProgress, ChildProgress } from '@contract/api/learning';
import type { Database } from '../../db/client';
import { additionalPrograms, lessons, mainPrograms, programWeeks } from '../../db/schema/index';
import type { Clock } from '../../deps';
import { notFound } from '../../plugins/errors';
import { activeSubscription, currentWeekNumber, isWeekOpen } from '../lessons/access';
import { viewerFacts, type ChildFacts, type FamilyFacts } from '../lessons/facts';
import { earnedAchievements } from './achievements';
import {
  completedBy,
  lessonsPerAdditionalProgram,
  lessonsPerWeek,
  minutesOf,
  sumWatchedSeconds,
  watchedLessons,
} from './child-stats';

export const ADDITIONAL_PROGRAM_NOT_FOUND = 'Программа не найдена';

interface Ctx {
  db: Database;
  clock: Clock;
  userId: number;
  childId: number;
}

/** Whether a week of the child's own program is open now: bought, or covered by the subscription. */
export function weekOpenFor(
  child: ChildFacts,
  family: FamilyFacts,
  week: { id: number; number: number },
  now: Date,
): boolean {
  if (child.boughtWeekIds.has(week.id)) return true;
  return (
    Boolean(activeSubscription(family.periods, now)) &&
    child.hasSeat &&
    isWeekOpen(child, family.periods, week.number, now)
  );
}

export async function childProgress({ db, clock, userId, childId }: Ctx): Promise<ChildProgress> {
  const now = clock();
  const { family, child } = await viewerFacts(db, userId, childId, now);
  const programId = child.mainProgramId;
  // Independent reads of one child, sent together.
  const [watched, [program], weeks, achievements] = await Promise.all([
    watchedLessons(db, child.id),
    programId === null
      ? []
      : db
          .select({ slug: mainPrograms.slug, title: mainPrograms.title })
          .from(mainPrograms)
          .where(eq(mainPrograms.id, programId)),
    programId === null
      ? []
      : db
          .select({ id: programWeeks.id, number: programWeeks.number, title: programWeeks.title })
          .from(programWeeks)
          .where(eq(programWeeks.mainProgramId, programId))
          .orderBy(asc(programWeeks.number)),
    earnedAchievements(db, child.id),
  ]);
  const totals = await lessonsPerWeek(
    db,
    weeks.map((w) => w.id),
  );
  const completedPerWeek = completedBy(watched, (r) => r.weekId);
  const last = weeks.at(-1)?.number;

  // Bought for the child, or watched (a preview counts): a program the parent has seen the child try.
  const additionalIds = [
    ...new Set([
      ...child.boughtAdditionalProgramIds,
      ...watched.flatMap((r) => (r.additionalProgramId === null ? [] : [r.additionalProgramId])),
    ]),
  ];
  const additionalRows =
    additionalIds.length === 0
      ? []
      : await db
          .select({
            id: additionalPrograms.id,
            slug: additionalPrograms.slug,
            title: additionalPrograms.title,
          })
          .from(additionalPrograms)
          .where(inArray(additionalPrograms.id, additionalIds))
          .orderBy(asc(additionalPrograms.id));
  const additionalTotals = await lessonsPerAdditionalProgram(
    db,
    additionalRows.map((p) => p.id),
  );
  const completedPerAdditional = completedBy(watched, (r) => r.additionalProgramId);

  return {
    child_id: child.id,
    program: program ?? null,
    current_week:
      program && last !== undefined
        ? Math.min(Math.max(currentWeekNumber(child.programStartedAt, now), 1), last)
        : null,
    weeks: weeks.map((w) => ({
      number: w.number,
      title: w.title,
      open: weekOpenFor(child, family, w, now),
      lessons_total: totals.get(w.id) ?? 0,
      lessons_completed: completedPerWeek.get(w.id) ?? 0,
    })),
    lessons_completed: watched.filter((r) => r.completed && r.isActive).length,
    minutes_watched: minutesOf(sumWatchedSeconds(watched)),
    achievements,
    additional: additionalRows.map((p) => ({
      additional_program_id: p.id,
      slug: p.slug,
      title: p.title,
      open: child.boughtAdditionalProgramIds.has(p.id),
      lessons_total: additionalTotals.get(p.id) ?? 0,
      lessons_completed: completedPerAdditional.get(p.id) ?? 0,
      minutes_watched: minutesOf(
        sumWatchedSeconds(watched.filter((r) => r.additionalProgramId === p.id)),
      ),
    })),
  };
}

export async function additionalProgress({
  db,
  clock,
  userId,
  childId,
  additionalProgramId,
}: Ctx & { additionalProgramId: number }): Promise<AdditionalProgress> {
  const now = clock();
  const { child } = await viewerFacts(db, userId, childId, now);
  const [program] = await db
    .select({
      id: additionalPrograms.id,
      slug: additionalPrograms.slug,
      title: additionalPrograms.title,
    })
    .from(additionalPrograms)
    .where(
      and(eq(additionalPrograms.id, additionalProgramId), eq(additionalPrograms.isActive, true)),
    );
  if (!program) throw notFound(ADDITIONAL_PROGRAM_NOT_FOUND);

  const rows = await db
    .select({ id: lessons.id, title: lessons.title })
    .from(lessons)
    .where(and(eq(lessons.additionalProgramId, program.id), eq(lessons.isActive, true)))
    .orderBy(asc(lessons.position));
  const watched = new Map(
    (await watchedLessons(db, child.id))
      .filter((r) => r.additionalProgramId === program.id)
      .map((r) => [r.lessonId, r]),
  );
  const items = rows.map((l) => ({
    lesson_id: l.id,
    title: l.title,
    watched_seconds: watched.get(l.id)?.watchedSeconds ?? 0,
    completed: watched.get(l.id)?.completed ?? false,
  }));
  return {
    additional_program_id: program.id,
    slug: program.slug,
    title: program.title,
    open: child.boughtAdditionalProgramIds.has(program.id),
    lessons_total: items.length,
    lessons_completed: items.filter((l) => l.completed).length,
    minutes_watched: minutesOf(items.reduce((sum, l) => sum + l.watched_seconds, 0)),
    lessons: items,
  };
}
