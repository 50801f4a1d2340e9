// The back office's audit log: every change a staff member makes, who, what and when. Rows are only
// added; the summary names the fields changed, never passwords, tokens or secrets. And the invitations
// that bring a member of staff in with a second factor of their own.
import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
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

export const INVITED_ROLES = ['admin', 'editor', 'support'] as const;

/**
 * A one-time link mailed to a new (or promoted) member of staff: following it sets the password where the
 * account has none and enrols the authenticator app. One row per account — inviting again replaces the
 * link — and only the link's SHA-256 is kept, so a leaked table invites nobody.
 */
export const staffInvitations = pgTable(
  'staff_invitations',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .unique()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The role the account gets when the invitation is accepted. */
    role: text('role', { enum: INVITED_ROLES }).notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    /**
     * The authenticator secret the page shows, made when the link is first opened and kept so that a
     * reloaded page shows the same one. It becomes the account's factor only with a right code.
     */
    totpSecret: text('totp_secret'),
    invitedBy: integer('invited_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt,
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [check('staff_invitations_role_check', sql`${t.role} in ('admin', 'editor', 'support')`)],
);
