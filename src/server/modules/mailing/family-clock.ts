// A family's clock is its region's (docs/DECISIONS.md «A family's clock is its region's»): the hour of the
// day there, in SQL, for the reminder scan and the sender. Moscow time for a family that named no region.
import { sql, type SQL } from 'drizzle-orm';
import { REMINDER_HOURS } from '@contract/api/values';
import { regions, users } from '../../db/schema/index';
import { MOSCOW_TIME_ZONE } from '../../db/seed/data/region-time-zones';

/** The hour (0–23) at `at` by the clock of the family of the row's `users` (joined with its `regions`). */
export const familyHour = (at: Date): SQL =>
  sql`extract(hour from (${at.toISOString()}::timestamptz at time zone coalesce(${regions.timeZone}, ${MOSCOW_TIME_ZONE})))`;

/** Whether it is day (8:00–20:59) at `at` for the family of `userId`: a letter may come. */
export const familyDaytime = (at: Date, userId: SQL): SQL =>
  sql`(select ${familyHour(at)} from ${users} left join ${regions} on ${regions.id} = ${users.regionId}
    where ${users.id} = ${userId}) between ${REMINDER_HOURS.first} and ${REMINDER_HOURS.last}`;
