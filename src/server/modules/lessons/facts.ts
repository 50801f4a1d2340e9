// What the access rule needs to know about a family and one of its children, read with indexed queries
// only (by user, by child, by program): the cost of a lessons page does not grow with the number of families.
import { and, asc, eq, exists, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  ageGroups,
  childAdditionalPrograms,
  childPrograms,
  childWeeks,
  children,
  mainPrograms,
  users,
} from '../../db/schema/index';
import { CHILD_NOT_FOUND } from '@contract/api/children';
import { notFound } from '../../plugins/errors';
import { subscriptionPeriods } from '../subscriptions/service';
import { seatedChildIds, type Period, type ViewerChild } from './access';

export interface FamilyFacts {
  periods: Period[];
  /** Seats of the subscription in force now (0 without one). */
  seats: number;
}

export async function familyFacts(db: Database, userId: number, now: Date): Promise<FamilyFacts> {
  const periods = await subscriptionPeriods(db, userId);
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

/** The child's facts, or 404 when the child is not this family's. */
export async function childFacts(
  db: Database,
  userId: number,
  childId: number,
  seats: number | Promise<number>,
): Promise<ChildFacts> {
  // Independent reads, sent together: one round trip's wait instead of four. The family's other children
  // and the purchases are read before ownership is known, but only returned once it is.
  const [[row], family, weeks, programs] = await Promise.all([
    db
      .select({
        id: children.id,
        studyMode: children.studyMode,
        ageGroup: children.ageGroup,
        createdAt: children.createdAt,
        programId: childPrograms.mainProgramId,
        programStartedAt: childPrograms.startedAt,
      })
      .from(children)
      .leftJoin(childPrograms, eq(childPrograms.childId, children.id))
      .where(and(eq(children.id, childId), eq(children.userId, userId))),
    db
      .select({ id: children.id })
      .from(children)
      .where(eq(children.userId, userId))
      .orderBy(asc(children.id)),
    db
      .select({ weekId: childWeeks.weekId })
      .from(childWeeks)
      .where(eq(childWeeks.childId, childId)),
    db
      .select({ id: childAdditionalPrograms.additionalProgramId })
      .from(childAdditionalPrograms)
      .where(eq(childAdditionalPrograms.childId, childId)),
  ]);
  if (!row) throw notFound(CHILD_NOT_FOUND);

  return {
    id: row.id,
    studyMode: row.studyMode,
    // A child who never changed program follows the age group's program from the day they were added.
    programStartedAt: row.programStartedAt ?? row.createdAt,
    mainProgramId: row.programId ?? (await programOfAgeGroup(db, row.ageGroup)),
    hasSeat: seatedChildIds(family, await seats).has(childId),
    boughtWeekIds: new Set(weeks.map((w) => w.weekId)),
    boughtAdditionalProgramIds: new Set(programs.map((p) => p.id)),
  };
}

/**
 * The family's facts and one child's (404 when the child is not the family's), read side by side: the
 * child's reads do not wait for the subscriptions.
 */
export async function viewerFacts(
  db: Database,
  userId: number,
  childId: number,
  now: Date,
): Promise<{ family: FamilyFacts; child: ChildFacts }> {
  const family = familyFacts(db, userId, now);
  const [familyDone, child] = await Promise.all([
    family,
    childFacts(
      db,
      userId,
      childId,
      family.then((f) => f.seats),
    ),
  ]);
  return { family: familyDone, child };
}

export async function programOfAgeGroup(
  db: Database,
  ageGroup: string | null,
): Promise<number | null> {
  if (!ageGroup) return null;
  const [program] = await db
    .select({ id: mainPrograms.id })
    .from(mainPrograms)
    .innerJoin(ageGroups, eq(ageGroups.id, mainPrograms.ageGroupId))
    .where(and(eq(ageGroups.slug, ageGroup), eq(mainPrograms.isActive, true)))
    .orderBy(asc(mainPrograms.id))
    .limit(1);
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
