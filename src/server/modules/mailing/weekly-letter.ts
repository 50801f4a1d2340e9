// The weekly letter's schedule (docs/MAILING.md «Письмо недели»): on Sunday at 18:00 by the family's clock
// (its region's; Moscow time without one) every family with children that receives the «Письмо недели»
// category gets one letter. The mailing tick (every 15 minutes) queues the families whose Sunday evening it
// is; one that the school missed at 18:00 (a restart) is still queued until 20:59, never later. The
// delivery's unique key (family, local date) makes a second scan, or a second instance, add nothing. What
// the letter says is read when it leaves (weekly-letter-content.ts).
import { and, eq, sql } from 'drizzle-orm';
import { MAILING_CATEGORY_SLUGS } from '@contract/api/mailing';
import type { Database } from '../../db/client';
import {
  children,
  mailingCategories,
  mailingDeliveries,
  regions,
  users,
} from '../../db/schema/index';
import { MOSCOW_TIME_ZONE, REGION_TIME_ZONES } from '../../db/seed/data/region-time-zones';
import { ensureDeliverJob } from './deliver';
import { WEEKLY_KEY_PREFIX, weeklyNowKey } from './weekly-letter-content';
import { receivesCategory } from './preferences';

/** The letter's hour on Sunday by the family's clock, and the last hour it may still be queued in. */
export const WEEKLY_LETTER_HOUR = 18;
const WEEKLY_LETTER_LAST_HOUR = 20;
const SCAN_LIMIT = 1000;
/** One scan's most batches: a million families in the scans of one Sunday evening's hours. */
const MAX_SCAN_BATCHES = 200;

export async function weeklyCategoryId(db: Database): Promise<number | null> {
  const [category] = await db
    .select({ id: mailingCategories.id })
    .from(mailingCategories)
    .where(eq(mailingCategories.slug, MAILING_CATEGORY_SLUGS.weeklyLetter));
  return category?.id ?? null;
}

/** Families after `afterUserId` whose Sunday evening it is now and who have no letter for this Sunday. */
function dueFamilies(db: Database, now: Date, categoryId: number, afterUserId: number) {
  const local = sql`(${now.toISOString()}::timestamptz at time zone coalesce(${regions.timeZone}, ${MOSCOW_TIME_ZONE}))`;
  const key = sql<string>`${WEEKLY_KEY_PREFIX} || ${users.id}::text || ':' || to_char(${local}, 'YYYY-MM-DD')`;
  return db
    .select({ userId: users.id, key })
    .from(users)
    .leftJoin(regions, eq(regions.id, users.regionId))
    .where(
      and(
        sql`${users.id} > ${afterUserId}`,
        sql`extract(isodow from ${local}) = 7`,
        sql`extract(hour from ${local}) between ${WEEKLY_LETTER_HOUR} and ${WEEKLY_LETTER_LAST_HOUR}`,
        sql`${users.emailVerifiedAt} is not null`,
        sql`${users.blockedAt} is null`,
        sql`exists (select 1 from ${children} where ${children.userId} = ${users.id})`,
        receivesCategory(sql`${users.id}`, categoryId),
        sql`not exists (select 1 from ${mailingDeliveries} where ${mailingDeliveries.dedupeKey} = ${key})`,
      ),
    )
    .orderBy(users.id)
    .limit(SCAN_LIMIT);
}

/** Every clock a family may have: the regions' zones and Moscow's. */
const ZONES = [...new Set([MOSCOW_TIME_ZONE, ...Object.values(REGION_TIME_ZONES)])].map(
  (timeZone) =>
    new Intl.DateTimeFormat('en-GB', {
      timeZone,
      weekday: 'short',
      hour: 'numeric',
      hourCycle: 'h23',
    }),
);

/**
 * Whether it is Sunday evening somewhere in the school's zones: the other 6½ days the tick does not scan
 * the families at all.
 */
export function sundayEveningSomewhere(now: Date): boolean {
  return ZONES.some((zone) => {
    const parts = zone.formatToParts(now);
    const hour = Number(parts.find((p) => p.type === 'hour')?.value);
    return (
      parts.find((p) => p.type === 'weekday')?.value === 'Sun' &&
      hour >= WEEKLY_LETTER_HOUR &&
      hour <= WEEKLY_LETTER_LAST_HOUR
    );
  });
}

/** Queues Sunday's letter for every family whose evening it is; returns how many. */
export async function queueWeeklyLetters(db: Database, now: Date): Promise<number> {
  if (!sundayEveningSomewhere(now)) return 0;
  const categoryId = await weeklyCategoryId(db);
  if (categoryId === null) return 0;
  let queued = 0;
  let afterUserId = 0;
  for (let batch = 0; batch < MAX_SCAN_BATCHES; batch += 1) {
    const due = await dueFamilies(db, now, categoryId, afterUserId);
    if (due.length > 0) {
      const added = await db
        .insert(mailingDeliveries)
        .values(
          due.map((family) => ({
            userId: family.userId,
            categoryId,
            dedupeKey: family.key,
            createdAt: now,
          })),
        )
        .onConflictDoNothing({ target: mailingDeliveries.dedupeKey })
        .returning({ id: mailingDeliveries.id });
      queued += added.length;
    }
    const last = due.at(-1);
    if (due.length < SCAN_LIMIT || !last) break;
    afterUserId = last.userId;
  }
  if (queued > 0) await ensureDeliverJob(db);
  return queued;
}

/** The back office's «send now»: one letter for the family, whatever the day; false when it has none. */
export async function queueWeeklyLetterNow(
  db: Database,
  userId: number,
  now: Date,
): Promise<boolean> {
  const categoryId = await weeklyCategoryId(db);
  if (categoryId === null) return false;
  await db.insert(mailingDeliveries).values({
    userId,
    categoryId,
    dedupeKey: weeklyNowKey(userId, now),
    createdAt: now,
  });
  await ensureDeliverJob(db);
  return true;
}
