// Auto-renewal of a paid subscription with the parent's separate consent (Russian rules from 1 March
// 2026): one row per family, the saved card it charges, when; pauses («каникулы») of a paid period; and
// why parents turn renewal off. Renewal rows go with the account (no money is held in them); feedback is
// kept anonymous once the account is gone.
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { tariffs } from './catalog';
import { familySubscriptions } from './learning';
import { cardBindings, paymentOrders } from './payments';
import { createdAt } from './timestamps';

export const UNSUBSCRIBE_REASONS = [
  'expensive',
  'not-interested',
  'no-time',
  'other-school',
  'technical',
  'other',
] as const;
export type UnsubscribeReason = (typeof UNSUBSCRIBE_REASONS)[number];

export const CANCEL_REASONS = [
  ...UNSUBSCRIBE_REASONS,
  'charge_failed',
  'card_removed',
  'subscription_ended',
  /** The back office closed the account's sign-in: nobody is charged who cannot get in. */
  'account_blocked',
  /** The back office gave a subscription's money back: the card is not charged for it again. */
  'refunded',
] as const;
export type CancelReason = (typeof CANCEL_REASONS)[number];

export const subscriptionRenewals = pgTable(
  'subscription_renewals',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .unique()
      .references(() => users.id, { onDelete: 'cascade' }),
    tariffId: integer('tariff_id')
      .notNull()
      .references(() => tariffs.id, { onDelete: 'restrict' }),
    cardBindingId: integer('card_binding_id')
      .notNull()
      .references(() => cardBindings.id, { onDelete: 'cascade' }),
    /** When the parent agreed to charges of the saved card (the paid recurrent purchase). */
    consentAt: timestamp('consent_at', { withTimezone: true }).notNull(),
    nextChargeAt: timestamp('next_charge_at', { withTimezone: true }).notNull(),
    /** The charge date a reminder was mailed for: one reminder per charge. */
    remindedFor: timestamp('reminded_for', { withTimezone: true }),
    failedAttempts: integer('failed_attempts').notNull().default(0),
    /** The renewal order of the charge in progress: while it is open no second order is registered. */
    chargeOrderId: integer('charge_order_id').references(() => paymentOrders.id, {
      onDelete: 'set null',
    }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    cancelReason: text('cancel_reason', { enum: CANCEL_REASONS }),
    createdAt,
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('subscription_renewals_failed_check', sql`${t.failedAttempts} >= 0`),
    check(
      'subscription_renewals_cancel_check',
      sql`(${t.cancelledAt} is null) = (${t.cancelReason} is null)`,
    ),
    // The renewal job's scan: active rows by the next charge.
    index('subscription_renewals_due_idx')
      .on(t.nextChargeAt)
      .where(sql`${t.cancelledAt} is null`),
  ],
);

export const subscriptionPauses = pgTable(
  'subscription_pauses',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    subscriptionId: integer('subscription_id')
      .notNull()
      .references(() => familySubscriptions.id, { onDelete: 'cascade' }),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    /** Ended early by the parent; the pause then lasts until this moment. */
    resumedAt: timestamp('resumed_at', { withTimezone: true }),
    createdAt,
  },
  (t) => [
    check('subscription_pauses_period_check', sql`${t.startsAt} < ${t.endsAt}`),
    index('subscription_pauses_user_idx').on(t.userId, t.startsAt),
  ],
);

export const unsubscribeFeedback = pgTable(
  'unsubscribe_feedback',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    reason: text('reason', { enum: UNSUBSCRIBE_REASONS }).notNull(),
    comment: text('comment'),
    createdAt,
  },
  (t) => [
    check('unsubscribe_feedback_comment_check', sql`char_length(${t.comment}) <= 1000`),
    index('unsubscribe_feedback_created_idx').on(t.createdAt),
  ],
);
