// What the school sells and the reference lists around it: regions, age groups, tariffs, programs.
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { timestamps } from './timestamps';

/** Subjects of the Russian Federation. */
export const regions = pgTable(
  'regions',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    /** ISO 3166-2:RU, e.g. RU-MOW. */
    code: text('code').notNull().unique(),
    /** The IANA time zone most of the region lives in: the family's clock for its letters. */
    timeZone: text('time_zone').notNull().default('Europe/Moscow'),
  },
  (t) => [index('regions_name_idx').on(t.name)],
);

export const ageGroups = pgTable(
  'age_groups',
  {
    id: serial('id').primaryKey(),
    slug: text('slug').notNull().unique(),
    title: text('title').notNull(),
    minAge: integer('min_age').notNull(),
    maxAge: integer('max_age').notNull(),
    description: text('description').notNull(),
    skills: jsonb('skills').$type<string[]>().notNull(),
    topics: jsonb('topics').$type<string[]>().notNull(),
  },
  (t) => [index('age_groups_min_age_idx').on(t.minAge)],
);

export const TARIFF_KINDS = ['subscription', 'gift'] as const;
export type TariffKind = (typeof TARIFF_KINDS)[number];

/**
 * Subscriptions and gift subscriptions share one table: the same fields, told apart by `kind`.
 * Rows are switched off (is_active) rather than deleted, because purchases will refer to them.
 */
export const tariffs = pgTable(
  'tariffs',
  {
    id: serial('id').primaryKey(),
    /** Stable natural key (e.g. subscription-6m-2c) so the seed can tell what it has written. */
    code: text('code').notNull().unique(),
    kind: text('kind', { enum: TARIFF_KINDS }).notNull(),
    title: text('title').notNull(),
    /** Months; 0 for the free trial, whose length is trial_days. */
    duration: integer('duration').notNull(),
    amountChildren: integer('amount_children').notNull(),
    /** Kopecks. */
    price: integer('price').notNull(),
    isFree: boolean('is_free').notNull().default(false),
    trialDays: integer('trial_days').notNull().default(0),
    isActive: boolean('is_active').notNull().default(true),
    ...timestamps,
  },
  (t) => [
    check('tariffs_kind_check', sql`${t.kind} in ('subscription', 'gift')`),
    check('tariffs_price_check', sql`${t.price} >= 0`),
    check('tariffs_amount_children_check', sql`${t.amountChildren} between 1 and 10`),
    check('tariffs_duration_check', sql`${t.duration} >= 0`),
    // Store listings: one kind, active ones, in display order.
    index('tariffs_listing_idx').on(t.kind, t.isActive, t.duration, t.amountChildren),
  ],
);

export const additionalPrograms = pgTable('additional_programs', {
  id: serial('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  title: text('title').notNull(),
  description: text('description').notNull(),
  locked: boolean('locked').notNull().default(false),
  icon: text('icon').notNull(),
  position: integer('position').notNull().default(0),
  isActive: boolean('is_active').notNull().default(true),
});

export const additionalProgramOffers = pgTable(
  'additional_program_offers',
  {
    id: serial('id').primaryKey(),
    additionalProgramId: integer('additional_program_id')
      .notNull()
      .references(() => additionalPrograms.id, { onDelete: 'cascade' }),
    amountChildren: integer('amount_children').notNull(),
    /** Kopecks. */
    price: integer('price').notNull(),
    isActive: boolean('is_active').notNull().default(true),
  },
  (t) => [
    uniqueIndex('additional_program_offers_program_children_idx').on(
      t.additionalProgramId,
      t.amountChildren,
    ),
    check('additional_program_offers_price_check', sql`${t.price} >= 0`),
  ],
);
