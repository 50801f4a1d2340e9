// Mailing: categories a parent subscribes to or leaves, campaigns written in the back office, and one row per
// mail of a mailing sent to one parent (the per-recipient log). That row's token, stored hashed, is what the
// mail's unsubscribe link carries: it names the recipient and the category, and nothing else.
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { createdAt, timestamps } from './timestamps';

export const mailingCategories = pgTable('mailing_categories', {
  id: serial('id').primaryKey(),
  /** Stable name the code refers to (`lesson_reminders` is sent by the school itself). */
  slug: text('slug').notNull().unique(),
  title: text('title').notNull(),
  description: text('description').notNull().default(''),
  /**
   * Advertising (news, offers, tips) goes only to parents who agreed to receive it (38-FZ): without a
   * choice of their own they are subscribed exactly when their mailing consent stands.
   */
  requiresConsent: boolean('requires_consent').notNull().default(true),
  position: integer('position').notNull().default(0),
  ...timestamps,
});

/** A parent's own choice for one category; no row means the category's default (see requiresConsent). */
export const MAILING_CHOICE_SOURCES = ['profile', 'link', 'one_click', 'admin'] as const;
export type MailingChoiceSource = (typeof MAILING_CHOICE_SOURCES)[number];

export const mailingChoices = pgTable(
  'mailing_choices',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    categoryId: integer('category_id')
      .notNull()
      .references(() => mailingCategories.id, { onDelete: 'cascade' }),
    subscribed: boolean('subscribed').notNull(),
    source: text('source', { enum: MAILING_CHOICE_SOURCES }).notNull(),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.categoryId] }),
    // Unsubscribe statistics of the back office: who left which category when.
    index('mailing_choices_category_idx').on(t.categoryId, t.subscribed, t.changedAt),
  ],
);

export const CAMPAIGN_STATUSES = ['draft', 'sending', 'sent', 'cancelled'] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];

export const mailingCampaigns = pgTable(
  'mailing_campaigns',
  {
    id: serial('id').primaryKey(),
    categoryId: integer('category_id')
      .notNull()
      .references(() => mailingCategories.id, { onDelete: 'restrict' }),
    subject: text('subject').notNull(),
    /** Plain text; a blank line starts a new paragraph. Never HTML: nothing a writer types can run. */
    body: text('body').notNull(),
    buttonLabel: text('button_label'),
    buttonUrl: text('button_url'),
    status: text('status', { enum: CAMPAIGN_STATUSES }).notNull().default('draft'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    check(
      'mailing_campaigns_status_check',
      sql`${t.status} in ('draft', 'sending', 'sent', 'cancelled')`,
    ),
  ],
);

export const DELIVERY_STATUSES = ['pending', 'sent', 'skipped', 'failed'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

export const mailingDeliveries = pgTable(
  'mailing_deliveries',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    categoryId: integer('category_id')
      .notNull()
      .references(() => mailingCategories.id, { onDelete: 'cascade' }),
    campaignId: integer('campaign_id').references(() => mailingCampaigns.id, {
      onDelete: 'cascade',
    }),
    /** Lesson reminders: the child and the week of their program that opened. */
    childId: integer('child_id'),
    weekNumber: integer('week_number'),
    /** One mail per campaign and parent, one reminder per child and week, whatever runs twice. */
    dedupeKey: text('dedupe_key').notNull().unique(),
    status: text('status', { enum: DELIVERY_STATUSES }).notNull().default('pending'),
    /** SHA-256 of the unsubscribe token the mail carried; set when it is sent. */
    tokenHash: text('token_hash').unique(),
    attempts: integer('attempts').notNull().default(0),
    /** A sender took the row at this moment; another sender leaves it alone for a while. */
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    /** Why it was skipped or failed: a short word, never an address. */
    note: text('note'),
    createdAt,
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** When its unsubscribe link was used: how many left because of this mail. */
    unsubscribedAt: timestamp('unsubscribed_at', { withTimezone: true }),
  },
  (t) => [
    check(
      'mailing_deliveries_status_check',
      sql`${t.status} in ('pending', 'sent', 'skipped', 'failed')`,
    ),
    // The sender's queue: pending rows in order.
    index('mailing_deliveries_pending_idx')
      .on(t.id)
      .where(sql`${t.status} = 'pending'`),
    index('mailing_deliveries_campaign_idx').on(t.campaignId, t.status),
    index('mailing_deliveries_user_idx').on(t.userId),
  ],
);
