// What one family's weekly letter says (docs/MAILING.md «Письмо недели»), read when the letter leaves, so
// a child deleted in the meantime is never in it. «This week» runs from Monday 00:00 by the family's clock
// (its region's; Moscow time without one) to the letter's moment. Minutes come from screen time, which is
// kept per day of the same clock: Monday to the letter's day.
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
import { localDay } from '../screen-time';

/** Scheduled letters' keys start so (deliver.ts holds them through a family's night, like reminders). */
export const WEEKLY_KEY_PREFIX = 'weekly:';
/** A letter the back office sends now: a key of its own, so it never stands in for Sunday's. */
export const weeklyNowKey = (userId: number, at: Date) => `weekly-now:${userId}:${at.getTime()}`;

/** Why a family gets no letter this time. */
export type NoLetter = 'no_children' | 'still_quiet';

/** Monday 00:00 of the week holding `at` by the family's clock, and that clock's zone. */
async function weekStartOf(
  db: Database,
  userId: number,
  at: Date,
): Promise<{ since: Date; timeZone: string }> {
  const zone = sql`coalesce(${regions.timeZone}, ${MOSCOW_TIME_ZONE})`;
  const moment = sql`${at.toISOString()}::timestamptz`;
  const [row] = await db
    .select({
      start: sql<string>`to_char((date_trunc('week', ${moment} at time zone ${zone}) at time zone ${zone}) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`,
      timeZone: sql<string>`${zone}`,
    })
    .from(users)
    .leftJoin(regions, eq(regions.id, users.regionId))
    .where(eq(users.id, userId));
  return row
    ? { since: new Date(row.start), timeZone: row.timeZone }
    : { since: new Date(at.getTime() - 7 * 24 * 60 * 60_000), timeZone: MOSCOW_TIME_ZONE };
}

interface OutlineWeek {
  id: number;
  number: number;
  title: string;
  activity: string | null;
  lessons: string[];
}

/**
 * A program's weeks in order, with their active lessons' titles: the same for every child of the program,
 * so kept for OUTLINE_MS — on Sunday evening thousands of letters read a handful of programs. An editor's
 * change reaches the letters within that time.
 */
const OUTLINE_MS = 60_000;
const outlines = new Map<number, { until: number; weeks: Promise<OutlineWeek[]> }>();

function programOutline(db: Database, programId: number): Promise<OutlineWeek[]> {
  const now = Date.now();
  const kept = outlines.get(programId);
  if (kept && kept.until > now) return kept.weeks;
  const weeks = readOutline(db, programId);
  outlines.set(programId, { until: now + OUTLINE_MS, weeks });
  weeks.catch(() => outlines.delete(programId));
  return weeks;
}

async function readOutline(db: Database, programId: number): Promise<OutlineWeek[]> {
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
  const titles = await db
    .select({ weekId: lessons.weekId, title: lessons.title })
    .from(lessons)
    .innerJoin(programWeeks, eq(programWeeks.id, lessons.weekId))
    .where(and(eq(programWeeks.mainProgramId, programId), eq(lessons.isActive, true)))
    .orderBy(asc(lessons.position));
  return weeks.map((w) => ({
    ...w,
    lessons: titles.filter((t) => t.weekId === w.id).map((t) => t.title),
  }));
}

/** The furthest week of the program the child has watched in («свободный» mode), or 1. */
async function furthestWatched(db: Database, childId: number, programId: number) {
  const [row] = await db
    .select({ number: sql<number | null>`max(${programWeeks.number})` })
    .from(lessonStats)
    .innerJoin(lessons, eq(lessons.code, lessonStats.lessonKey))
    .innerJoin(programWeeks, eq(programWeeks.id, lessons.weekId))
    .where(and(eq(lessonStats.childId, childId), eq(programWeeks.mainProgramId, programId)));
  return row?.number ?? 1;
}

async function childWeek(
  db: Database,
  userId: number,
  child: { id: number; name: string },
  week: { since: Date; timeZone: string },
  at: Date,
): Promise<ChildWeek> {
  const { since, timeZone } = week;
  const [minutes] = await db
    .select({ seconds: sql<number>`coalesce(sum(${screenTimeDays.watchedSeconds}), 0)::int` })
    .from(screenTimeDays)
    .where(
      and(
        eq(screenTimeDays.childId, child.id),
        gte(screenTimeDays.day, localDay(since, timeZone)),
        lte(screenTimeDays.day, localDay(at, timeZone)),
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
  if (weeks.length === 0) return base;
  // «Свободный» opens every paid week at once: the child is where they last watched.
  const reached =
    facts.studyMode === 'schedule'
      ? currentWeekNumber(facts.programStartedAt, at)
      : await furthestWatched(db, child.id, facts.mainProgramId);
  // The last week whose number the child has reached; an editor's numbering may skip numbers, so the
  // letter counts weeks by their place in the program.
  const place = Math.max(
    0,
    weeks.findLastIndex((w) => w.number <= reached),
  );
  const current = weeks[place];
  const next = weeks[place + 1];
  return {
    ...base,
    program: { week: place + 1, weeks: weeks.length },
    next: next ? { number: place + 2, title: next.title, lessons: next.lessons } : null,
    activity: current?.activity ?? null,
  };
}

/** What a sent weekly letter's log row notes: which of the two it was. */
export const NUDGE_NOTE = 'nudge';

/**
 * Whether the family's last weekly letter was the nudge and nothing has been watched since its week began:
 * a second nudge in a row is not sent.
 */
async function nudgedAlready(
  db: Database,
  userId: number,
  categoryId: number,
  childIds: number[],
  at: Date,
): Promise<boolean> {
  const [last] = await db
    .select({ createdAt: mailingDeliveries.createdAt, note: mailingDeliveries.note })
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
  if (last?.note !== NUDGE_NOTE) return false;
  const { since: quietSince } = await weekStartOf(db, userId, last.createdAt);
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
  const week = await weekStartOf(db, userId, at);
  const weeks = await Promise.all(family.map((c) => childWeek(db, userId, c, week, at)));
  // Lessons decide: minutes alone may be the Moscow day's overlap with the week before.
  if (weeks.some((w) => w.lessons > 0)) {
    return { letter: { kind: 'letter', children: weeks } };
  }
  const ids = family.map((c) => c.id);
  if (await nudgedAlready(db, userId, categoryId, ids, at)) return { none: 'still_quiet' };
  return { letter: { kind: 'nudge', children: family.map((c) => c.name) } };
}
