// Screen time on the server (docs/PRODUCT.md «Экранное время»): the minutes a child watched on the day by
// the family's clock (its region's; Moscow's without one), counted from the progress reports the learning
// module accepts, the grown-up's extensions, and the state the player and the parent see. Every call is
// scoped to the parent: another family's child is 404.
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { CHILD_NOT_FOUND } from '@contract/api/children';
import { EXTENSION_MINUTES, EXTENSIONS_USED_UP, type ScreenTime } from '@contract/api/screen-time';
import type { Database } from '../../db/client';
import { children, regions, screenTimeDays, users } from '../../db/schema/index';
import { MOSCOW_TIME_ZONE } from '../../db/seed/data/region-time-zones';
import { conflict, notFound } from '../../plugins/errors';
import {
  countedSeconds,
  extendedUntilSeconds,
  localDay,
  restState,
  type Day,
  type Report,
  type Settings,
} from './rules';

type DayRow = typeof screenTimeDays.$inferSelect;

const EMPTY_DAY: Day = { watchedSeconds: 0, extraMinutes: 0, grantedUntilSeconds: null };

interface ChildSettings extends Settings {
  id: number;
}

const settingsColumns = {
  id: children.id,
  dailyLimitMinutes: children.dailyLimitMinutes,
  noLessonsAfter: children.noLessonsAfter,
  timeZone: sql<string>`coalesce(${regions.timeZone}, ${MOSCOW_TIME_ZONE})`,
};

/** Children with their family's clock: the settings' columns read from here. */
const childrenWithClock = (db: Database) =>
  db
    .select(settingsColumns)
    .from(children)
    .innerJoin(users, eq(users.id, children.userId))
    .leftJoin(regions, eq(regions.id, users.regionId));

function stateOf(child: ChildSettings, dayDate: string, day: Day, now: Date): ScreenTime {
  const state = restState(child, day, now);
  return {
    child_id: child.id,
    day: dayDate,
    minutes_today: Math.floor(day.watchedSeconds / 60),
    daily_limit_minutes: child.dailyLimitMinutes,
    no_lessons_after: child.noLessonsAfter,
    extra_minutes: day.extraMinutes,
    resting: state.resting,
    reason: state.reason,
    minutes_left: state.minutesLeft,
    can_extend: state.canExtend,
  };
}

async function ownChild(db: Database, userId: number, childId: number): Promise<ChildSettings> {
  const [child] = await childrenWithClock(db).where(
    and(eq(children.id, childId), eq(children.userId, userId)),
  );
  if (!child) throw notFound(CHILD_NOT_FOUND);
  return child;
}

/**
 * The child's day row, locked for the rest of the transaction: two reports (or a report and an extension)
 * at once are counted one after the other, each against the one before.
 */
async function lockedDay(tx: Database, childId: number, day: string, now: Date): Promise<DayRow> {
  await tx.insert(screenTimeDays).values({ childId, day, updatedAt: now }).onConflictDoNothing();
  const [row] = await tx
    .select()
    .from(screenTimeDays)
    .where(and(eq(screenTimeDays.childId, childId), eq(screenTimeDays.day, day)))
    .for('update');
  if (!row) throw new Error('screen_time_days row missing after insert');
  return row;
}

/**
 * Counts one accepted progress report into the child's day and answers the day's state. The caller has
 * checked that the child is the parent's and the lesson open to it.
 */
export async function recordWatching(
  db: Database,
  childId: number,
  report: Report,
  now: Date,
): Promise<ScreenTime> {
  return db.transaction(async (tx) => {
    const [child] = await childrenWithClock(tx).where(eq(children.id, childId));
    if (!child) throw notFound(CHILD_NOT_FOUND);
    const dayDate = localDay(now, child.timeZone);
    const row = await lockedDay(tx, childId, dayDate, now);
    const added = countedSeconds(
      {
        lessonId: row.lastLessonId,
        positionSeconds: row.lastPositionSeconds,
        at: row.lastReportAt,
      },
      report,
      now,
    );
    const [updated] = await tx
      .update(screenTimeDays)
      .set({
        watchedSeconds: row.watchedSeconds + added,
        lastLessonId: report.lessonId,
        lastPositionSeconds: report.positionSeconds,
        lastReportAt: now,
        updatedAt: now,
      })
      .where(and(eq(screenTimeDays.childId, childId), eq(screenTimeDays.day, dayDate)))
      .returning();
    return stateOf(child, dayDate, updated ?? row, now);
  });
}

/** Every child of the family, today: for the player and for «Ученики». */
export async function familyScreenTime(
  db: Database,
  userId: number,
  now: Date,
): Promise<ScreenTime[]> {
  const kids = await childrenWithClock(db)
    .where(eq(children.userId, userId))
    .orderBy(asc(children.id));
  const [first] = kids;
  if (!first) return [];
  // One family, one clock.
  const dayDate = localDay(now, first.timeZone);
  const days = await db
    .select()
    .from(screenTimeDays)
    .where(
      and(
        inArray(
          screenTimeDays.childId,
          kids.map((kid) => kid.id),
        ),
        eq(screenTimeDays.day, dayDate),
      ),
    );
  return kids.map((kid) =>
    stateOf(kid, dayDate, days.find((day) => day.childId === kid.id) ?? EMPTY_DAY, now),
  );
}

/** A grown-up's «Ещё 15 минут»: EXTENSION_MINUTES more today, past the limit and the hour. */
export async function extendScreenTime(
  db: Database,
  userId: number,
  childId: number,
  now: Date,
): Promise<ScreenTime> {
  const child = await ownChild(db, userId, childId);
  const dayDate = localDay(now, child.timeZone);
  return db.transaction(async (tx) => {
    const row = await lockedDay(tx, childId, dayDate, now);
    if (!restState(child, row, now).canExtend) throw conflict(EXTENSIONS_USED_UP);
    const [updated] = await tx
      .update(screenTimeDays)
      .set({
        extraMinutes: row.extraMinutes + EXTENSION_MINUTES,
        grantedUntilSeconds: extendedUntilSeconds(child, row, now),
        updatedAt: now,
      })
      .where(and(eq(screenTimeDays.childId, childId), eq(screenTimeDays.day, dayDate)))
      .returning();
    return stateOf(child, dayDate, updated ?? row, now);
  });
}
