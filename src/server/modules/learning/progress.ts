// The parents' picture of one child's learning: the main program week by week, the additional programs,
// minutes watched and achievements. "Open" means what the lessons page would open today (the same rule).
import { and, asc, eq } from 'drizzle-orm';
import type { AdditionalProgress, ChildProgress } from '@contract/api/learning';
import type { Database } from '../../db/client';
import { additionalPrograms, lessons } from '../../db/schema/index';
import type { Clock } from '../../deps';
import { notFound } from '../../plugins/errors';
import { activeSubscription, currentWeekNumber, isWeekOpen } from '../lessons';
import { viewerFacts, type ChildFacts, type FamilyFacts } from '../lessons';
import { mainProgramCatalogue } from '../lessons';
import type { PublicCache } from '../public-cache';
import { achievementsOf } from './achievements';
import { stickerAlbum } from './stickers';
import {
  completedBy,
  lessonsPerAdditionalProgram,
  minutesOf,
  sumWatchedSeconds,
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

/** Every additional program with its count of active lessons: the same for every family, so cached. */
async function loadAdditionalPrograms(db: Database) {
  const rows = await db
    .select({
      id: additionalPrograms.id,
      slug: additionalPrograms.slug,
      title: additionalPrograms.title,
    })
    .from(additionalPrograms)
    .orderBy(asc(additionalPrograms.id));
  const totals = await lessonsPerAdditionalProgram(
    db,
    rows.map((p) => p.id),
  );
  return rows.map((p) => ({ ...p, lessonsTotal: totals.get(p.id) ?? 0 }));
}

/**
 * One round trip: the child's facts, watched lessons and achievements come together (lessons/viewer-query.ts);
 * the program's weeks and lesson counts come from the public cache.
 */
export async function childProgress({
  db,
  clock,
  catalogue,
  userId,
  childId,
}: Ctx & { catalogue: PublicCache['catalogue'] }): Promise<ChildProgress> {
  const now = clock();
  const { family, child, watched, earned } = await viewerFacts(
    db,
    userId,
    childId,
    now,
    'progress',
  );
  const programId = child.mainProgramId;
  const found = programId === null ? null : await mainProgramCatalogue(db, catalogue, programId);
  const weeks = found?.weeks ?? [];
  const completedPerWeek = completedBy(watched, (r) => r.weekId);
  const last = weeks.at(-1)?.number;

  // Bought for the child, or watched (a preview counts): a program the parent has seen the child try.
  const additionalIds = new Set([
    ...child.boughtAdditionalProgramIds,
    ...watched.flatMap((r) => (r.additionalProgramId === null ? [] : [r.additionalProgramId])),
  ]);
  const additionalRows =
    additionalIds.size === 0
      ? []
      : (
          await catalogue('additional-programs:lesson-counts', () => loadAdditionalPrograms(db))
        ).filter((p) => additionalIds.has(p.id));
  const completedPerAdditional = completedBy(watched, (r) => r.additionalProgramId);

  return {
    child_id: child.id,
    program: found?.program ?? null,
    current_week:
      found && last !== undefined
        ? Math.min(Math.max(currentWeekNumber(child.programStartedAt, now), 1), last)
        : null,
    weeks: weeks.map((w) => ({
      number: w.number,
      title: w.title,
      open: weekOpenFor(child, family, w, now),
      lessons_total: found?.lessonsByWeek.get(w.id)?.length ?? 0,
      lessons_completed: completedPerWeek.get(w.id) ?? 0,
    })),
    lessons_completed: watched.filter((r) => r.completed && r.isActive).length,
    minutes_watched: minutesOf(sumWatchedSeconds(watched)),
    achievements: achievementsOf(earned),
    stickers: await stickerAlbum(db, child.id),
    additional: additionalRows.map((p) => ({
      additional_program_id: p.id,
      slug: p.slug,
      title: p.title,
      open: child.boughtAdditionalProgramIds.has(p.id),
      lessons_total: p.lessonsTotal,
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
  const { child, watched: seen } = await viewerFacts(db, userId, childId, now, 'watched');
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
    seen.filter((r) => r.additionalProgramId === program.id).map((r) => [r.lessonId, r]),
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
