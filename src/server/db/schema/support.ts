// Support requests from parents and guests: stored so the back office can answer them, mailed to the
// support inbox as they come. A request outlives the account that sent it (the address it came from is
// kept for the answer); the answer, when given, goes by mail.
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { timestamps } from './timestamps';

export const SUPPORT_STATUSES = ['new', 'answered'] as const;
export type SupportStatus = (typeof SUPPORT_STATUSES)[number];

export const supportRequests = pgTable(
  'support_requests',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    /** Where the answer goes: the account's address, or the one a guest typed (stored form). */
    email: text('email').notNull(),
    message: text('message').notNull(),
    status: text('status', { enum: SUPPORT_STATUSES }).notNull().default('new'),
    answer: text('answer'),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    answeredBy: integer('answered_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    check('support_requests_status_check', sql`${t.status} in ('new', 'answered')`),
    check('support_requests_message_check', sql`char_length(${t.message}) <= 5000`),
    // The back office's queue: the newest open requests first.
    index('support_requests_status_idx').on(t.status, t.createdAt),
    index('support_requests_user_idx').on(t.userId),
  ],
);
