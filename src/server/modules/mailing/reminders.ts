// Lesson reminders: when a new week of a child's program opens (study mode «по расписанию»: one week every
// seven days from the day the child started the program), the parent gets one mail, if the child's
// reminder is on and the parent receives the «Напоминания о занятиях» category. It goes out at the hour the
// family picked (users.reminder_hour, 8–20, so never at night) by the clock of its region (regions.time_zone;
// Moscow time without one): the first time that hour comes after the week opened. A scan every TICK_MS
// finds, among the weeks opened in the last REMIND_WITHIN_MS, the families whose hour it is now; the
// delivery's unique key (child, week) makes a second scan, or a second instance, add nothing. A family whose
// hour passed while the school was down hears of the week at that hour the next day. «Свободный» mode opens
// every paid week at once: nothing opens later, so nothing is reminded.
import { and, eq, sql } from 'drizzle-orm';
import { MAILING_CATEGORY_SLUGS } from '@contract/api/mailing';
import type { Database } from '../../db/client';
import {
  childPrograms,
  children,
  familySubscriptions,
  jobs,
  mailingCategories,
  mailingDeliveries,
  programWeeks,
  regions,
  users,
} from '../../db/schema/index';
import { enqueue } from '../../jobs/queue';
import type { JobHandler } from '../../jobs/types';
import { activeSubscription, isWeekOpen, WEEK_MS } from '../lessons';
import { viewerFacts } from '../lessons';
import { ensureDeliverJob, hasLettersToSend } from './deliver';
import { familyHour } from './family-clock';
import { queueWeeklyLetters } from './weekly-letter';

export const MAILING_TICK_JOB = 'mailing.tick';
export const TICK_MS = 15 * 60_000;
/**
 * A week opened longer ago than this is not news any more (a long outage, a reminder switched on late): the
 * family's hour comes within a day of the opening, and once more the next day if that one was missed.
 */
export const REMIND_WITHIN_MS = 48 * 60 * 60_000;
const SCAN_LIMIT = 1000;
/** One scan's most batches: 100 000 weeks an hour's scan, four scans to an hour. */
const MAX_SCAN_BATCHES = 100;

const dedupeKey = (childId: number, week: number) => `lesson:${childId}:${week}`;

/**
 * The weeks due for a reminder now, of children after `afterChildId`, SCAN_LIMIT at most: a week opened
 * within the window (not the first: that opens on the day the parent adds the child or picks the program,
 * they know), of a family whose hour it is now by its own clock and whose subscription is in force.
 */
function dueWeeks(db: Database, now: Date, afterChildId: number) {
  const started = sql`coalesce(${childPrograms.startedAt}, ${children.createdAt})`;
  const at = sql`${now.toISOString()}::timestamptz`;
  const week = sql<number>`(floor(extract(epoch from (${at} - ${started})) * 1000 / ${WEEK_MS}) + 1)::int`;
  return db
    .select({ childId: children.id, userId: children.userId, week })
    .from(children)
    .innerJoin(users, eq(users.id, children.userId))
    .leftJoin(regions, eq(regions.id, users.regionId))
    .leftJoin(childPrograms, eq(childPrograms.childId, children.id))
    .where(
      and(
        sql`${children.id} > ${afterChildId}`,
        eq(children.remindAboutLessons, true),
        eq(children.studyMode, 'schedule'),
        sql`${users.emailVerifiedAt} is not null`,
        sql`${started} <= ${at}`,
        sql`${week} >= 2`,
        sql`extract(epoch from (${at} - ${started})) * 1000 % ${WEEK_MS} < ${REMIND_WITHIN_MS}`,
        sql`${familyHour(now)} = ${users.reminderHour}`,
        sql`${users.blockedAt} is null`,
        // By the family's index: a lapsed family's children are not scanned again and again.
        sql`exists (select 1 from ${familySubscriptions}
          where ${familySubscriptions.userId} = ${children.userId}
            and ${familySubscriptions.startsAt} <= ${at}
            and coalesce(${familySubscriptions.endedAt}, ${familySubscriptions.endsAt}) > ${at})`,
        sql`not exists (select 1 from ${mailingDeliveries}
          where ${mailingDeliveries.dedupeKey} = 'lesson:' || ${children.id}::text || ':' || ${week}::text)`,
      ),
    )
    .orderBy(children.id)
    .limit(SCAN_LIMIT);
}

/** Queues a reminder for every week opened recently whose child should hear of it; returns how many. */
export async function queueLessonReminders(db: Database, now: Date): Promise<number> {
  const [category] = await db
    .select({ id: mailingCategories.id })
    .from(mailingCategories)
    .where(eq(mailingCategories.slug, MAILING_CATEGORY_SLUGS.lessonReminders));
  if (!category) return 0;

  let queued = 0;
  let afterChildId = 0;
  // Batch after batch: most families keep the default hour, so one hour's weeks come in one scan; a family
  // left for the next scan would have its hour's four scans only.
  for (let batch = 0; batch < MAX_SCAN_BATCHES; batch += 1) {
    const candidates = await dueWeeks(db, now, afterChildId);
    for (const candidate of candidates) {
      const skip = await reasonToSkip(db, candidate, now);
      // A week with nothing to remind of is written down as skipped, so no later scan looks at it again.
      const added = await db
        .insert(mailingDeliveries)
        .values({
          userId: candidate.userId,
          categoryId: category.id,
          childId: candidate.childId,
          weekNumber: candidate.week,
          dedupeKey: dedupeKey(candidate.childId, candidate.week),
          createdAt: now,
          ...(skip ? { status: 'skipped' as const, note: skip } : {}),
        })
        .onConflictDoNothing({ target: mailingDeliveries.dedupeKey })
        .returning({ id: mailingDeliveries.id });
      if (!skip) queued += added.length;
    }
    const last = candidates.at(-1);
    if (candidates.length < SCAN_LIMIT || !last) break;
    afterChildId = last.childId;
  }
  if (queued > 0) await ensureDeliverJob(db);
  return queued;
}

/** Why the week that opened is not worth a letter, or null when it is. */
async function reasonToSkip(
  db: Database,
  candidate: { userId: number; childId: number; week: number },
  now: Date,
): Promise<string | null> {
  const { family, child } = await viewerFacts(db, candidate.userId, candidate.childId, now);
  if (!activeSubscription(family.periods, now)) return 'no_subscription';
  if (!child.hasSeat) return 'no_seat';
  if (!isWeekOpen(child, family.periods, candidate.week, now)) return 'week_not_open';
  if (child.mainProgramId === null) return 'no_program';
  const [programWeek] = await db
    .select({ id: programWeeks.id })
    .from(programWeeks)
    .where(
      and(
        eq(programWeeks.mainProgramId, child.mainProgramId),
        eq(programWeeks.number, candidate.week),
      ),
    );
  return programWeek ? null : 'no_such_week';
}

/** The tick is put on the queue at start when none is waiting; each run queues the next. */
export async function ensureMailingTick(db: Database, runAt?: Date): Promise<void> {
  const [waiting] = await db
    .select({ id: jobs.id })
    .from(jobs)
    .where(and(eq(jobs.kind, MAILING_TICK_JOB), eq(jobs.status, 'pending')))
    .limit(1);
  if (!waiting) await enqueue(db, MAILING_TICK_JOB, {}, runAt ? { runAt } : {});
}

export const mailingTickJob: JobHandler = async (_payload, context) => {
  const now = context.clock();
  try {
    const queued = await queueLessonReminders(context.db, now);
    if (queued > 0) context.logger.info({ queued }, 'lesson reminders queued');
    const letters = await queueWeeklyLetters(context.db, now);
    if (letters > 0) context.logger.info({ queued: letters }, 'weekly letters queued');
    // The letters just queued, and reminders held through a family's night, whose morning it is now.
    if (await hasLettersToSend(context.db, now)) await ensureDeliverJob(context.db);
  } finally {
    await ensureMailingTick(context.db, new Date(now.getTime() + TICK_MS));
  }
};
