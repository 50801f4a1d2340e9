// Invite a friend (docs/PRODUCT.md «Invite a friend»): the browsers a parent signed in from, and what each
// invited family's first payment gave the parent who invited it.
import { sql } from 'drizzle-orm';
import {
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
import { familySubscriptions } from './learning';
import { purchases } from './payments';
import { createdAt } from './timestamps';

/**
 * The browsers an account signed in or registered from, by the SHA-256 of the school's own `device` cookie:
 * an invitation between two accounts of one browser is one person inviting themselves.
 */
export const userDevices = pgTable(
  'user_devices',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    deviceHash: text('device_hash').notNull(),
    seenAt: timestamp('seen_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.deviceHash] }),
    index('user_devices_device_idx').on(t.deviceHash),
  ],
);

export const REFERRAL_REWARD_STATES = [
  'granted',
  'kept',
  'taken_back',
  'refused_self',
  'refused_limit',
] as const;
export type ReferralRewardState = (typeof REFERRAL_REWARD_STATES)[number];

/**
 * One row per invited family, written when its first paid order is paid: the unique invited id is what
 * makes the reward once per family whichever confirmation of the payment arrives first. `granted` added a
 * period (period_id); `kept` waits for the inviter's next paid period; the refused states gave nothing.
 */
export const referralRewards = pgTable(
  'referral_rewards',
  {
    id: serial('id').primaryKey(),
    inviterId: integer('inviter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /**
     * Null once the invited family deleted its account: the row stays, so the yearly limit still counts
     * it and a refund of its order still takes the days back.
     */
    invitedId: integer('invited_id')
      .unique()
      .references(() => users.id, { onDelete: 'set null' }),
    /** The invited family's first paid purchase: its refund within the window takes the reward back. */
    purchaseId: integer('purchase_id').references(() => purchases.id, { onDelete: 'set null' }),
    state: text('state', { enum: REFERRAL_REWARD_STATES }).notNull(),
    days: integer('days').notNull(),
    periodId: integer('period_id').references(() => familySubscriptions.id, {
      onDelete: 'set null',
    }),
    createdAt,
    takenBackAt: timestamp('taken_back_at', { withTimezone: true }),
  },
  (t) => [
    index('referral_rewards_inviter_idx').on(t.inviterId, t.createdAt),
    check(
      'referral_rewards_state_check',
      sql`${t.state} in ('granted', 'kept', 'taken_back', 'refused_self', 'refused_limit')`,
    ),
  ],
);
