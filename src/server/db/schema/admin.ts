// The back office's audit log: every change a staff member makes, who, what and when. Rows are only
// added; the summary names the fields changed, never passwords, tokens or secrets.
import { index, integer, jsonb, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { createdAt } from './timestamps';

export const adminAudit = pgTable(
  'admin_audit',
  {
    id: serial('id').primaryKey(),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    /** Kept when the account is gone, so the log still says who. */
    actorEmail: text('actor_email').notNull(),
    /** create, update, delete, refund, block, send… */
    action: text('action').notNull(),
    /** The resource: campaigns, support-requests, users… */
    resource: text('resource').notNull(),
    recordId: text('record_id'),
    summary: jsonb('summary').$type<Record<string, unknown>>().notNull().default({}),
    ip: text('ip').notNull().default(''),
    createdAt,
  },
  (t) => [
    index('admin_audit_created_idx').on(t.createdAt),
    index('admin_audit_record_idx').on(t.resource, t.recordId),
  ],
);
