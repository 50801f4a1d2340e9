// What children learn and what opens it: main programs (one per age group) made of weeks of lessons,
// additional programs made of lessons, the family's subscription periods, and what was bought for a child.
// The rule that combines them lives in modules/lessons/access.ts.
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { children, users } from './accounts';
import { additionalPrograms, ageGroups, tariffs } from './catalog';
import { purchases } from './payments';
import { createdAt, timestamps, updatedAt } from './timestamps';

export const mainPrograms = pgTable(
  'main_programs',
  {
    id: serial('id').primaryKey(),
    slug: text('slug').notNull().unique(),
    ageGroupId: integer('age_group_id')
      .notNull()
      .references(() => ageGroups.id, { onDelete: 'restrict' }),
    title: text('title').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    /**
     * Kopecks for one skipped week of this program bought on its own: catalogue data the back office may
     * change, never a constant in code.
     */
    weekPrice: integer('week_price').notNull().default(14900),
  },
  (t) => [
    index('main_programs_age_group_idx').on(t.ageGroupId),
    check('main_programs_week_price_check', sql`${t.weekPrice} >= 0`),
  ],
);

export const programWeeks = pgTable(
  'program_weeks',
  {
    id: serial('id').primaryKey(),
    mainProgramId: integer('main_program_id')
      .notNull()
      .references(() => mainPrograms.id, { onDelete: 'cascade' }),
    /** 1-based place in the program calendar. */
    number: integer('number').notNull(),
    title: text('title').notNull(),
    /**
     * One thing to do together at home, away from the screen, written by the editor; the weekly letter
     * carries it (modules/mailing/weekly-letter.ts). Empty until written.
     */
    homeActivity: text('home_activity'),
  },
  (t) => [
    uniqueIndex('program_weeks_program_number_idx').on(t.mainProgramId, t.number),
    check('program_weeks_number_check', sql`${t.number} >= 1`),
  ],
);

/**
 * A lesson belongs to a week of a main program or to an additional program, never both. Media are storage
 * keys (a path in the local folder or an S3 object key), never URLs: URLs are signed per viewer.
 */
export const lessons = pgTable(
  'lessons',
  {
    id: serial('id').primaryKey(),
    /** Stable natural key so the seed can tell what it has written (two-three-w1-l1, english-l2). */
    code: text('code').notNull().unique(),
    weekId: integer('week_id').references(() => programWeeks.id, { onDelete: 'cascade' }),
    additionalProgramId: integer('additional_program_id').references(() => additionalPrograms.id, {
      onDelete: 'cascade',
    }),
    /** 1-based order within its week or additional program. */
    position: integer('position').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    videoKey: text('video_key').notNull(),
    posterKey: text('poster_key').notNull(),
    subtitlesKey: text('subtitles_key').notNull(),
    durationSeconds: integer('duration_seconds').notNull(),
    /** A printable task (PDF) for after the lesson, when there is one. */
    taskKey: text('task_key'),
    isActive: boolean('is_active').notNull().default(true),
    ...timestamps,
  },
  (t) => [
    check(
      'lessons_one_parent_check',
      sql`(${t.weekId} is null) <> (${t.additionalProgramId} is null)`,
    ),
    check('lessons_position_check', sql`${t.position} >= 1`),
    check('lessons_duration_check', sql`${t.durationSeconds} > 0`),
    uniqueIndex('lessons_week_position_idx')
      .on(t.weekId, t.position)
      .where(sql`${t.weekId} is not null`),
    uniqueIndex('lessons_additional_position_idx')
      .on(t.additionalProgramId, t.position)
      .where(sql`${t.additionalProgramId} is not null`),
  ],
);

export const SUBSCRIPTION_SOURCES = ['trial', 'purchase', 'gift', 'referral'] as const;
export type SubscriptionSource = (typeof SUBSCRIPTION_SOURCES)[number];

/**
 * A period during which a family's subscription is active. Ending a subscription early sets ended_at;
 * the period then counts up to that moment only.
 */
export const familySubscriptions = pgTable(
  'family_subscriptions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tariffId: integer('tariff_id')
      .notNull()
      .references(() => tariffs.id, { onDelete: 'restrict' }),
    source: text('source', { enum: SUBSCRIPTION_SOURCES }).notNull(),
    amountChildren: integer('amount_children').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    /**
     * The purchase that paid for the period (a gift's: the gift purchase), so a refund can take it back;
     * null for a trial, days given by the school or for a friend invited (source `referral`), and periods
     * delivered before refunds existed.
     */
    purchaseId: integer('purchase_id').references(() => purchases.id, { onDelete: 'set null' }),
    createdAt,
  },
  (t) => [
    index('family_subscriptions_purchase_idx').on(t.purchaseId),
    check(
      'family_subscriptions_source_check',
      sql`${t.source} in ('trial', 'purchase', 'gift', 'referral')`,
    ),
    check('family_subscriptions_period_check', sql`${t.startsAt} < ${t.endsAt}`),
    index('family_subscriptions_user_ends_idx').on(t.userId, t.endsAt),
    // The trial is once per account, whatever races the activation call.
    uniqueIndex('family_subscriptions_one_trial_idx')
      .on(t.userId)
      .where(sql`${t.source} = 'trial'`),
  ],
);

/** Where a child is in the main program: the program and the day its week 1 began. */
export const childPrograms = pgTable('child_programs', {
  childId: integer('child_id')
    .primaryKey()
    .references(() => children.id, { onDelete: 'cascade' }),
  mainProgramId: integer('main_program_id')
    .notNull()
    .references(() => mainPrograms.id, { onDelete: 'restrict' }),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
});

/** A week bought for a child on its own (skipped weeks), open whatever the subscription. */
export const childWeeks = pgTable(
  'child_weeks',
  {
    childId: integer('child_id')
      .notNull()
      .references(() => children.id, { onDelete: 'cascade' }),
    weekId: integer('week_id')
      .notNull()
      .references(() => programWeeks.id, { onDelete: 'cascade' }),
    /** The purchase that opened it (null before refunds existed): a refund closes only its own weeks. */
    purchaseId: integer('purchase_id').references(() => purchases.id, { onDelete: 'set null' }),
    createdAt,
  },
  (t) => [
    primaryKey({ columns: [t.childId, t.weekId] }),
    index('child_weeks_purchase_idx').on(t.purchaseId),
  ],
);

/** An additional program bought for a child. */
export const childAdditionalPrograms = pgTable(
  'child_additional_programs',
  {
    childId: integer('child_id')
      .notNull()
      .references(() => children.id, { onDelete: 'cascade' }),
    additionalProgramId: integer('additional_program_id')
      .notNull()
      .references(() => additionalPrograms.id, { onDelete: 'restrict' }),
    /** The purchase that opened it (null before refunds existed): a refund closes only its own. */
    purchaseId: integer('purchase_id').references(() => purchases.id, { onDelete: 'set null' }),
    createdAt,
  },
  (t) => [
    primaryKey({ columns: [t.childId, t.additionalProgramId] }),
    index('child_additional_programs_purchase_idx').on(t.purchaseId),
  ],
);

/**
 * An achievement a child has earned (the catalogue of codes, titles and conditions is in code:
 * modules/learning/achievements.ts). Earned once: the unique key makes a repeated award a no-op.
 */
export const childAchievements = pgTable(
  'child_achievements',
  {
    childId: integer('child_id')
      .notNull()
      .references(() => children.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    earnedAt: timestamp('earned_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.childId, t.code] })],
);

/**
 * Screen time: how long a child watched lessons on one day by the family's clock (its region's zone;
 * Moscow's without one), counted from the player's progress
 * reports (modules/screen-time), and the grown-up's extensions of that day. `last_*` is the previous
 * report, which the next one is measured against; a row per child and day, gone with the child.
 */
export const screenTimeDays = pgTable(
  'screen_time_days',
  {
    childId: integer('child_id')
      .notNull()
      .references(() => children.id, { onDelete: 'cascade' }),
    /** The calendar day by the family's clock, YYYY-MM-DD (Moscow's for days written before it was). */
    day: date('day', { mode: 'string' }).notNull(),
    watchedSeconds: integer('watched_seconds').notNull().default(0),
    /** Minutes a grown-up added today, summed (shown to the parent; the cap of a day). */
    extraMinutes: integer('extra_minutes').notNull().default(0),
    /** Lessons stay open, whatever the limit and the hour, until watched_seconds reaches this. */
    grantedUntilSeconds: integer('granted_until_seconds'),
    lastLessonId: integer('last_lesson_id'),
    lastPositionSeconds: doublePrecision('last_position_seconds'),
    lastReportAt: timestamp('last_report_at', { withTimezone: true }),
    updatedAt,
  },
  (t) => [primaryKey({ columns: [t.childId, t.day] })],
);
