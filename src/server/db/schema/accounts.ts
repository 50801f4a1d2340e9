// Parents and administrators, their sessions and the one-time login codes of social sign-in.
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { regions } from './catalog';

export const USER_ROLES = ['parent', 'admin'] as const;
export type UserRole = (typeof USER_ROLES)[number];

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    /** Stored lower-cased; the check keeps every writer honest so the unique index means what it says. */
    email: text('email').notNull().unique(),
    /** argon2id; null for accounts that only ever signed in through a social network. */
    passwordHash: text('password_hash'),
    name: text('name').notNull().default(''),
    surname: text('surname').notNull().default(''),
    patronymic: text('patronymic').notNull().default(''),
    phone: text('phone').notNull().default(''),
    regionId: integer('region_id').references(() => regions.id, { onDelete: 'set null' }),
    role: text('role', { enum: USER_ROLES }).notNull().default('parent'),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('users_email_lower_check', sql`${t.email} = lower(${t.email})`),
    check('users_role_check', sql`${t.role} in ('parent', 'admin')`),
  ],
);

/** Bearer sessions. Only the SHA-256 of the token is kept: a leaked table logs nobody in. */
export const sessions = pgTable(
  'sessions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    // Revoking every session of a user (password change) and sweeping expired rows.
    index('sessions_user_id_idx').on(t.userId),
    index('sessions_expires_at_idx').on(t.expiresAt),
  ],
);

/**
 * One-time codes handed to the SPA in `/?usertoken=…` after social sign-in and exchanged for a session
 * (ARCHITECTURE §4). Stored hashed, short-lived, deleted when used.
 */
export const userTokens = pgTable(
  'user_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('user_tokens_user_id_idx').on(t.userId),
    index('user_tokens_expires_at_idx').on(t.expiresAt),
  ],
);
