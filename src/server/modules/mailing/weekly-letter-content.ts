// What one family's weekly letter says (docs/MAILING.md «Письмо недели»), read when the letter leaves, so
// a child deleted in the meantime is never in it. «This week» runs from Monday 00:00 by the family's clock
// (its region's; Moscow time without one) to the letter's moment. Minutes come from screen time, which is
// kept per Moscow day: for a family far east of Moscow the first hours of its Monday count with the week
// before.
import { and, asc, desc, eq, gte, inArray, lt, lte, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  children,
  lessonStats,
  lessons,
  mailingDeliveries,
  programWeeks,
  regions,
  screenTimeDays,
  users,
} from '../../db/schema/index';
import { MOSCOW_TIME_ZONE } from '../../db/seed/data/region-time-zones';
import type { ChildWeek, WeeklyLetter } from '../../integrations/mail/types';
import { currentWeekNumber, viewerFacts } from '../lessons';

/** Scheduled letters' keys start so (deliver.ts holds them through a family's night, like reminders). */
export const WEEKLY_KEY_PREFIX = 'weekly:';
/** A letter the back office sends now: a key of its own, so it never stands in for Sunday's. */
export const weeklyNowKey = (userId: number, at: Date) => `weekly-now:${userId}:${at.getTime()}`;

/** Why a family gets no letter this time. */
export type NoLetter = 'no_children' | 'still_quiet';

/** Monday 00:00 of the week holding `at`, by the family's clock. */
async function weekStartOf(db: Database, userId: number, at: Date): Promise<Date> {
  const zone = sql`coalesce(${regions.timeZone}, ${MOSCOW_TIME_ZONE})`;
  const moment = sql`${at.toISOString()}::timestamptz`;
  const [row] = await db
    .select({
      start: sql<string>`to_char((date_trunc('week', ${moment} at time zone ${zone}) at time zone ${zone}) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`,
    })
    .from(users)
    .leftJoin(regions, eq(regions.id, users.regionId))
    .where(eq(users.id, userId));
  return row ? new Date(row.start) : new Date(at.getTime() - 7 * 24 * 60 * 60_000);
}

const moscowDay = (at: Date) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: MOSCOW_TIME_ZONE }).format(at);

/** The weeks of a main program, by number: titles, activities and active lessons. */
async function programOutline(db: Database, programId: number) {
  const weeks = await db
    .select({
      id: programWeeks.id,
      number: programWeeks.number,
      title: programWeeks.title,
      activity: programWeeks.homeActivity,
    })
    .from(programWeeks)
    .where(eq(programWeeks.mainProgramId, programId))
    .orderBy(asc(programWeeks.number));
  return weeks;
}

async function childWeek(
  db: Database,
  userId: number,
  child: { id: number; name: string },
  since: Date,
  at: Date,
): Promise<ChildWeek> {
  const seen = await db
    .select({
      completedAt: lessonStats.completedAt,
      weekNumber: programWeeks.number,
      programId: programWeeks.mainProgramId,
    })
    .from(lessonStats)
    .innerJoin(lessons, eq(lessons.code, lessonStats.lessonKey))
    .leftJoin(programWeeks, eq(programWeeks.id, lessons.weekId))
    .where(eq(lessonStats.childId, child.id));
  const [minutes] = await db
    .select({ seconds: sql<number>`coalesce(sum(${screenTimeDays.watchedSeconds}), 0)::int` })
    .from(screenTimeDays)
    .where(
      and(
        eq(screenTimeDays.childId, child.id),
        gte(screenTimeDays.day, moscowDay(since)),
        lte(screenTimeDays.day, moscowDay(at)),
      ),
    );
  const thisWeek = await db
    .select({ completedAt: lessonStats.completedAt })
    .from(lessonStats)
    .where(
      and(
        eq(lessonStats.childId, child.id),
        gte(lessonStats.updatedAt, since),
        lte(lessonStats.updatedAt, at),
      ),
    );
  const { child: facts } = await viewerFacts(db, userId, child.id, at);
  const base: ChildWeek = {
    name: child.name,
    lessons: thisWeek.length,
    completed: thisWeek.filter((s) => s.completedAt !== null).length,
    // A few seconds watched are «1 минута», never «0 минут».
    minutes: Math.ceil((minutes?.seconds ?? 0) / 60),
    program: null,
    next: null,
    activity: null,
  };
  if (facts.mainProgramId === null) return base;
  const weeks = await programOutline(db, facts.mainProgramId);
  const last = weeks.at(-1);
  if (!last) return base;
  // «Свободный» opens every paid week at once: the child is where they last watched.
  const reached =
    facts.studyMode === 'schedule'
      ? currentWeekNumber(facts.programStartedAt, at)
      : Math.max(
          1,
          ...seen.filter((s) => s.programId === facts.mainProgramId).map((s) => s.weekNumber ?? 1),
        );
  const number = Math.min(Math.max(reached, 1), last.number);
  const current = weeks.find((w) => w.number === number);
  const nextWeek = weeks.find((w) => w.number > number);
  const nextLessons = nextWeek
    ? await db
        .select({ title: lessons.title })
        .from(lessons)
        .where(and(eq(lessons.weekId, nextWeek.id), eq(lessons.isActive, true)))
        .orderBy(asc(lessons.position))
    : [];
  return {
    ...base,
    program: { week: number, weeks: weeks.length },
    next: nextWeek
      ? { number: nextWeek.number, title: nextWeek.title, lessons: nextLessons.map((l) => l.title) }
      : null,
    activity: current?.activity ?? null,
  };
}

/**
 * Whether the family has been quiet since before its last weekly letter's week began: that letter was the
 * nudge, and a second one in a row is not sent.
 */
async function nudgedAlready(
  db: Database,
  userId: number,
  categoryId: number,
  childIds: number[],
  at: Date,
): Promise<boolean> {
  const [last] = await db
    .select({ createdAt: mailingDeliveries.createdAt })
    .from(mailingDeliveries)
    .where(
      and(
        eq(mailingDeliveries.userId, userId),
        eq(mailingDeliveries.categoryId, categoryId),
        eq(mailingDeliveries.status, 'sent'),
        lt(mailingDeliveries.createdAt, at),
      ),
    )
    .orderBy(desc(mailingDeliveries.createdAt))
    .limit(1);
  if (!last) return false;
  const quietSince = await weekStartOf(db, userId, last.createdAt);
  const [stirred] = await db
    .select({ id: lessonStats.id })
    .from(lessonStats)
    .where(and(inArray(lessonStats.childId, childIds), gte(lessonStats.updatedAt, quietSince)))
    .limit(1);
  return stirred === undefined;
}

/** The family's letter for the week holding `at`, or why it gets none. */
export async function weeklyLetterOf(
  db: Database,
  userId: number,
  categoryId: number,
  at: Date,
): Promise<{ letter: WeeklyLetter } | { none: NoLetter }> {
  const family = await db
    .select({ id: children.id, name: children.name })
    .from(children)
    .where(eq(children.userId, userId))
    .orderBy(asc(children.id));
  if (family.length === 0) return { none: 'no_children' };
  const since = await weekStartOf(db, userId, at);
  const weeks = await Promise.all(family.map((c) => childWeek(db, userId, c, since, at)));
  if (weeks.some((w) => w.lessons > 0 || w.minutes > 0)) {
    return { letter: { kind: 'letter', children: weeks } };
  }
  const ids = family.map((c) => c.id);
  if (await nudgedAlready(db, userId, categoryId, ids, at)) return { none: 'still_quiet' };
  return { letter: { kind: 'nudge', children: family.map((c) => c.name) } };
}
