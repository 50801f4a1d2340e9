// Parents and administrators, their sessions and the one-time login codes of social sign-in.
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { regions } from './catalog';
import { createdAt, timestamps, updatedAt } from './timestamps';

export const USER_ROLES = ['parent', 'admin', 'editor', 'support'] as const;
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
    /**
     * The hour of the day (in the region's time zone) the family's lesson reminders go out at
     * (modules/mailing/reminders.ts); never at night.
     */
    reminderHour: smallint('reminder_hour').notNull().default(18),
    role: text('role', { enum: USER_ROLES }).notNull().default('parent'),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    /** The referral code the parent arrived with (`?ref=`), kept for the referral programme. */
    referrerCode: text('referrer_code'),
    /** The parent's own code for inviting friends (`/?ref=…`), made the first time they ask for their link. */
    referralCode: text('referral_code').unique(),
    /** utm_* and other marketing parameters of the registration page. */
    signupQuery: jsonb('signup_query').$type<Record<string, string>>(),
    /** Blocked by the back office: no sign-in, every session ended. */
    blockedAt: timestamp('blocked_at', { withTimezone: true }),
    /**
     * Staff second factor (TOTP, RFC 6238): the base32 secret, shown once while it is being set up; the
     * factor is on from totp_enabled_at. A secret cannot be hashed — it is what the codes are made from.
     */
    totpSecret: text('totp_secret'),
    totpEnabledAt: timestamp('totp_enabled_at', { withTimezone: true }),
    /** The time step of the last code accepted: a code is never accepted twice. */
    totpLastStep: integer('totp_last_step'),
    ...timestamps,
  },
  (t) => [
    check('users_email_lower_check', sql`${t.email} = lower(${t.email})`),
    check('users_role_check', sql`${t.role} in ('parent', 'admin', 'editor', 'support')`),
    check('users_reminder_hour_check', sql`${t.reminderHour} between 8 and 20`),
    // Whom a parent invited: the families that arrived with their code.
    index('users_referrer_code_idx')
      .on(sql`lower(${t.referrerCode})`)
      .where(sql`${t.referrerCode} is not null`),
    // The back office's staff list.
    index('users_staff_idx')
      .on(t.role)
      .where(sql`${t.role} <> 'parent'`),
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
    /** Opened by the back office's sign-in (password and second factor): shorter-lived, admits to /admin. */
    staff: boolean('staff').notNull().default(false),
    createdAt,
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
 * (docs/ARCHITECTURE.md). Stored hashed, short-lived, deleted when used.
 */
export const userTokens = pgTable(
  'user_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull().unique(),
    createdAt,
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('user_tokens_user_id_idx').on(t.userId),
    index('user_tokens_expires_at_idx').on(t.expiresAt),
  ],
);

/**
 * Proof of consent (152-FZ): what the parent agreed to, which version of the document, when and from
 * where. Personal-data consent and mailing consent are separate rows: they are given and withdrawn apart.
 */
export const CONSENT_KINDS = ['personal_data', 'mailing'] as const;
export type ConsentKind = (typeof CONSENT_KINDS)[number];

export const consents = pgTable(
  'consents',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: CONSENT_KINDS }).notNull(),
    documentSlug: text('document_slug').notNull(),
    documentVersion: text('document_version').notNull(),
    ip: text('ip').notNull(),
    userAgent: text('user_agent').notNull().default(''),
    givenAt: timestamp('given_at', { withTimezone: true }).notNull().defaultNow(),
    withdrawnAt: timestamp('withdrawn_at', { withTimezone: true }),
  },
  (t) => [index('consents_user_id_idx').on(t.userId)],
);

/** Links sent by mail: email confirmation and password reset. Stored hashed, single-use, expiring. */
export const EMAIL_TOKEN_PURPOSES = ['verify_email', 'password_reset', 'add_email'] as const;
export type EmailTokenPurpose = (typeof EMAIL_TOKEN_PURPOSES)[number];

export const emailTokens = pgTable(
  'email_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: EMAIL_TOKEN_PURPOSES }).notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt,
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    /**
     * add_email: the address a parent without one (a social account that shared none) is adding. It
     * becomes the account's address only when the link sent to it is followed.
     */
    email: text('email'),
  },
  (t) => [index('email_tokens_user_purpose_idx').on(t.userId, t.purpose)],
);

/** docs/PRODUCT.md «Product rules»: a child record holds a name (or nickname), birth date, avatar and settings. */
export const STUDY_MODES = ['schedule', 'free'] as const;

export const children = pgTable(
  'children',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    birthDate: date('birth_date', { mode: 'string' }).notNull(),
    ageGroup: text('age_group'),
    avatar: text('avatar'),
    remindAboutLessons: boolean('remind_about_lessons').notNull().default(true),
    studyMode: text('study_mode', { enum: STUDY_MODES }).notNull().default('schedule'),
    /** Screen time: minutes of lessons a day (15, 30, 45, 60), by the family's clock; null — no limit. */
    dailyLimitMinutes: smallint('daily_limit_minutes'),
    /** Screen time: the hour (18–21) by the family's clock from which no lessons play; null — none. */
    noLessonsAfter: smallint('no_lessons_after'),
    ...timestamps,
  },
  (t) => [index('children_user_id_idx').on(t.userId)],
);

/**
 * Lesson statistics of a child (what was watched). Written by the lessons module; the parent can erase
 * them (`/profile/deleteLessonStats`).
 */
export const lessonStats = pgTable(
  'lesson_stats',
  {
    id: serial('id').primaryKey(),
    childId: integer('child_id')
      .notNull()
      .references(() => children.id, { onDelete: 'cascade' }),
    lessonKey: text('lesson_key').notNull(),
    watchedSeconds: integer('watched_seconds').notNull().default(0),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    updatedAt,
  },
  (t) => [uniqueIndex('lesson_stats_child_lesson_idx').on(t.childId, t.lessonKey)],
);

/** A VK ID or Facebook account linked to a parent. */
export const SOCIAL_NETWORKS = ['vk', 'fb'] as const;
export type SocialNetwork = (typeof SOCIAL_NETWORKS)[number];

export const socialAccounts = pgTable(
  'social_accounts',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider', { enum: SOCIAL_NETWORKS }).notNull(),
    providerUserId: text('provider_user_id').notNull(),
    email: text('email'),
    name: text('name').notNull().default(''),
    avatar: text('avatar'),
    linkedAt: timestamp('linked_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('social_accounts_provider_user_idx').on(t.provider, t.providerUserId),
    index('social_accounts_user_id_idx').on(t.userId),
  ],
);

/**
 * An OAuth sign-in in flight: the state sent to the provider (hashed), the PKCE verifier, and the parent
 * who is linking (null for a sign-in). Short-lived, deleted when the provider returns.
 */
export const oauthStates = pgTable(
  'oauth_states',
  {
    id: serial('id').primaryKey(),
    stateHash: text('state_hash').notNull().unique(),
    provider: text('provider', { enum: SOCIAL_NETWORKS }).notNull(),
    codeVerifier: text('code_verifier').notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    createdAt,
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('oauth_states_expires_at_idx').on(t.expiresAt)],
);

/**
 * A person new to the school back from VK ID or Facebook, waiting at the consent step (152-FZ): what the
 * provider vouched for, kept until they accept (the account is made then) or refuse (the row goes).
 * Short-lived; only the hash of the token is kept, and the token lives in an HttpOnly cookie of the
 * browser that came back from the provider.
 */
export const socialSignups = pgTable(
  'social_signups',
  {
    id: serial('id').primaryKey(),
    tokenHash: text('token_hash').notNull().unique(),
    provider: text('provider', { enum: SOCIAL_NETWORKS }).notNull(),
    providerUserId: text('provider_user_id').notNull(),
    email: text('email'),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    avatar: text('avatar'),
    createdAt,
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('social_signups_expires_at_idx').on(t.expiresAt)],
);

/** Facebook's data-deletion requests (src/server/integrations/oauth/README.md), with a code the person can look up. */
export const fbDeletionRequests = pgTable('fb_deletion_requests', {
  id: serial('id').primaryKey(),
  confirmationCode: text('confirmation_code').notNull().unique(),
  fbUserId: text('fb_user_id').notNull(),
  status: text('status', { enum: ['done'] })
    .notNull()
    .default('done'),
  createdAt,
});
