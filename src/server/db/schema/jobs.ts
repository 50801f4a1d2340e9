// The jobs queue (docs/ARCHITECTURE.md): rows claimed with FOR UPDATE SKIP LOCKED by in-process workers of any
// instance, so nothing about pending work lives in one process's memory.
import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, timestamps } from './timestamps';

export const JOB_STATUSES = ['pending', 'running', 'done', 'failed'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

export const jobs = pgTable(
  'jobs',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    status: text('status', { enum: JOB_STATUSES }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(5),
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    lockedAt: timestamp('locked_at', { withTimezone: true }),
    lockedBy: text('locked_by'),
    lastError: text('last_error'),
    ...timestamps,
  },
  (t) => [index('jobs_status_run_at_idx').on(t.status, t.runAt)],
);

/** The mail sandbox: what would have gone over SMTP, readable at /sandbox/mail. Absent in production. */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: serial('id').primaryKey(),
    to: text('to').notNull(),
    from: text('from').notNull(),
    subject: text('subject').notNull(),
    html: text('html').notNull(),
    text: text('text').notNull(),
    headers: jsonb('headers').$type<Record<string, string>>().notNull().default({}),
    template: text('template').notNull(),
    createdAt,
  },
  (t) => [index('mail_outbox_to_idx').on(t.to)],
);
