// What the access rule needs to know about a family and one of its children, read with indexed queries
// only (by user, by child, by program): the cost of a lessons page does not grow with the number of families.
import { eq, exists, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { childAdditionalPrograms, childWeeks, children, users } from '../../db/schema/index';
import { CHILD_NOT_FOUND } from '@contract/api/children';
import { notFound } from '../../plugins/errors';
import { periodsOf, subscriptionPeriods } from '../subscriptions';
import { ageGroupProgram } from './age-group-program';
import { seatedChildIds, type Period, type ViewerChild } from './access';
import { pauseInForce } from '../subscriptions';
import {
  pauseRows,
  periodRows,
  viewerRow,
  type ViewerExtras,
  type WatchedLesson,
} from './viewer-query';

export interface FamilyFacts {
  periods: Period[];
  /** Seats of the subscription in force now (0 without one). */
  seats: number;
}

export async function familyFacts(db: Database, userId: number, now: Date): Promise<FamilyFacts> {
  return familyOf(await subscriptionPeriods(db, userId), now);
}

function familyOf(
  periods: { startsAt: Date; endsAt: Date; amountChildren: number }[],
  now: Date,
): FamilyFacts {
  const current = periods.filter((p) => p.startsAt <= now && now < p.endsAt);
  return {
    periods: periods.map(({ startsAt, endsAt }) => ({ startsAt, endsAt })),
    seats: Math.max(0, ...current.map((p) => p.amountChildren)),
  };
}

export interface ChildFacts extends ViewerChild {
  id: number;
  /** The main program the child follows (by age group unless changed). */
  mainProgramId: number | null;
}

/** What the caller asked the viewer query for besides the facts (empty when not asked). */
export interface ViewerExtrasRead {
  watched: WatchedLesson[];
  earned: { code: string; earnedAt: Date }[];
}

/**
 * The family's facts and one child's, or 404 when the child is not the family's: one round trip
 * (viewer-query.ts), with the child's watched lessons and achievements when `extras` asks for them.
 */
export async function viewerFacts(
  db: Database,
  userId: number,
  childId: number,
  now: Date,
  extras: ViewerExtras = 'none',
): Promise<
  { family: FamilyFacts; child: ChildFacts; pausedUntil: Date | null } & ViewerExtrasRead
> {
  const row = await viewerRow(db, userId, childId, extras);
  if (!row) throw notFound(CHILD_NOT_FOUND);
  const pauses = pauseRows(row);
  const periods = periodsOf(periodRows(row), pauses);
  const family = familyOf(periods, now);
  return {
    family,
    pausedUntil: pauseInForce(pauses, now),
    child: {
      id: row.id,
      studyMode: row.studyMode,
      // A child who never changed program follows the age group's program from the day they were added.
      programStartedAt: row.programStartedAt ?? row.createdAt,
      mainProgramId: row.mainProgramId,
      hasSeat: seatedChildIds(
        row.family.map((id) => ({ id })),
        family.seats,
      ).has(row.id),
      boughtWeekIds: new Set(row.boughtWeekIds),
      boughtAdditionalProgramIds: new Set(row.boughtProgramIds),
    },
    watched: (row.watched ?? []).map(
      ([lessonId, code, weekId, additionalProgramId, isActive, watchedSeconds, completed]) => ({
        lessonId,
        code,
        weekId,
        additionalProgramId,
        isActive,
        watchedSeconds,
        completed,
      }),
    ),
    earned: (row.earned ?? []).map(([code, earnedAt]) => ({ code, earnedAt: new Date(earnedAt) })),
  };
}

export async function programOfAgeGroup(
  db: Database,
  ageGroup: string | null,
): Promise<number | null> {
  if (!ageGroup) return null;
  const [program] = await ageGroupProgram(db, ageGroup);
  return program?.id ?? null;
}

/**
 * Whether anything was bought for one of the family's children (a week or an additional program): those
 * play without a subscription. One round trip; both lookups go by child through the primary keys.
 */
export async function hasBoughtLessons(db: Database, userId: number): Promise<boolean> {
  const weeks = db
    .select({ one: sql`1` })
    .from(childWeeks)
    .innerJoin(children, eq(children.id, childWeeks.childId))
    .where(eq(children.userId, userId));
  const programs = db
    .select({ one: sql`1` })
    .from(childAdditionalPrograms)
    .innerJoin(children, eq(children.id, childAdditionalPrograms.childId))
    .where(eq(children.userId, userId));
  const [row] = await db
    .select({ bought: sql<boolean>`${exists(weeks)} or ${exists(programs)}` })
    .from(users)
    .where(eq(users.id, userId));
  return row?.bought === true;
}
