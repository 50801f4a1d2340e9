// The parent's own data (docs/PRODUCT.md «Product rules»): show, update, password, and the erasures of the personal area.
import { and, eq, inArray, sql } from 'drizzle-orm';
import { SOCIAL_NETWORKS, type Profile } from '@contract/api/auth';
import { AGE_GROUP_SLUGS, type AgeGroupSlug } from '@contract/api/catalog';
import { displayEmail } from '@contract/email';
import { isPlaceholderEmail } from '@contract/api/oauth-values';
import type { Database } from '../../db/client';
import {
  children,
  jobs,
  lessonStats,
  mailOutbox,
  regions,
  screenTimeDays,
  users,
} from '../../db/schema/index';
import type { Clock } from '../../deps';
import { invalidField, unauthorized } from '../../plugins/errors';
import { MAIL_JOB, queueMail } from '../../integrations/mail/queue';
import { spendAllEmailTokens } from '../auth';
import { hashPassword, verifyPassword } from '../../shared/passwords';
import { revokeAllSessions } from '../auth';
import { profileFacts } from './profile-query';
import { ownerLabel } from '../families';

export const REGION_NOT_FOUND = 'Выберите регион из списка';
export const WRONG_CURRENT_PASSWORD = 'Неверный текущий пароль';
export const CURRENT_PASSWORD_REQUIRED = 'Введите текущий пароль';
export const WRONG_PASSWORD = 'Неверный пароль';
export const PASSWORD_REQUIRED = 'Введите пароль, чтобы удалить аккаунт';
export const CONFIRM_REQUIRED = 'Напишите УДАЛИТЬ, чтобы подтвердить удаление';
export const PASSWORD_NEEDS_EMAIL =
  'Сначала добавьте адрес почты: пароль нужен, чтобы входить по почте.';

interface Ctx {
  db: Database;
  userId: number;
}

async function userRow(db: Database, userId: number) {
  const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  // The session outlived its account (deleted between lookup and read).
  if (!user) throw unauthorized();
  return user;
}

/**
 * docs/PRODUCT.md «Product rules» profile. The subscription is the one in force now; the player is available while there is one,
 * or once anything was bought for a child (a week or an additional program), which plays without it.
 */
export async function getProfile({
  db,
  clock,
  userId,
  familyId = userId,
}: Ctx & { clock: Clock; familyId?: number }): Promise<Profile> {
  const now = clock();
  const own = await profileFacts(db, userId, now);
  // A caregiver's children, subscription, region and reminder hour are the family's (docs/PRODUCT.md
  // «Grown-ups of a family»): the owner's facts, read by the same query.
  const family = familyId === userId ? own : await profileFacts(db, familyId, now);
  // The session outlived its account (deleted between lookup and read).
  if (!own || !family) throw unauthorized();
  const { user } = own;
  const { subscription } = family;
  const providers = new Set(own.providers);
  const caregiver = familyId !== userId;
  return {
    id: user.id,
    // Shown back as the parent writes it: the domain in Cyrillic, not in punycode.
    email: displayEmail(user.email),
    email_verified: user.emailVerifiedAt !== null,
    role: user.role,
    name: user.name,
    surname: user.surname,
    patronymic: user.patronymic,
    phone: user.phone,
    region_id: family.user.regionId,
    reminder_hour: family.user.reminderHour,
    time_zone: family.timeZone,
    children: family.children.map((child) => ({
      ...child,
      age_group: isAgeGroup(child.age_group) ? child.age_group : null,
    })),
    subscription: subscription && {
      id: subscription.id,
      title: subscription.title,
      is_free: subscription.source === 'trial',
      amount_children: subscription.amount_children,
      // JSON spells timestamps in the session's time zone; the API in UTC.
      starts_at: new Date(subscription.starts_at).toISOString(),
      ends_at: new Date(subscription.ends_at).toISOString(),
      auto_renew: family.renewal && subscription.source !== 'trial',
    },
    playerStatus: subscription !== null || family.bought ? 'available' : 'locked',
    social_networks: SOCIAL_NETWORKS.filter((n) => providers.has(n)),
    has_password: user.passwordHash !== null,
    consent_mailing: own.mailing,
    family_role: caregiver ? 'caregiver' : 'owner',
    family_owner: caregiver ? ownerLabel(family.user) : null,
  };
}

const isAgeGroup = (value: string | null): value is AgeGroupSlug =>
  value !== null && (AGE_GROUP_SLUGS as readonly string[]).includes(value);

export interface ProfileChanges {
  name?: string | undefined;
  surname?: string | undefined;
  patronymic?: string | undefined;
  phone?: string | undefined;
  region_id?: number | null | undefined;
  reminder_hour?: number | undefined;
}

export async function updateProfile({
  db,
  clock,
  userId,
  familyId = userId,
  changes,
}: Ctx & { clock: Clock; familyId?: number; changes: ProfileChanges }): Promise<Profile> {
  if (changes.region_id !== undefined && changes.region_id !== null) {
    const [region] = await db
      .select({ id: regions.id })
      .from(regions)
      .where(eq(regions.id, changes.region_id))
      .limit(1);
    if (!region) throw invalidField('region_id', REGION_NOT_FOUND);
  }
  const set: Partial<typeof users.$inferInsert> = { updatedAt: clock() };
  if (changes.name !== undefined) set.name = changes.name;
  if (changes.surname !== undefined) set.surname = changes.surname;
  if (changes.patronymic !== undefined) set.patronymic = changes.patronymic;
  if (changes.phone !== undefined) set.phone = changes.phone;
  if (changes.region_id !== undefined) set.regionId = changes.region_id;
  // The reminder hour is the family's: a caregiver sets it on the owner's account.
  if (changes.reminder_hour !== undefined && familyId === userId) {
    set.reminderHour = changes.reminder_hour;
  } else if (changes.reminder_hour !== undefined) {
    await db
      .update(users)
      .set({ reminderHour: changes.reminder_hour, updatedAt: clock() })
      .where(eq(users.id, familyId));
  }
  await db.update(users).set(set).where(eq(users.id, userId));
  return getProfile({ db, clock, userId, familyId });
}

export type PasswordCheck = 'ok' | 'wrong';

/**
 * Sets a new password. An account with a password proves it first; one without (social sign-in only)
 * sets its first. Every other session ends, with unspent login codes and social sign-ins in flight, and
 * the parent is told by mail.
 */
export async function changePassword({
  db,
  clock,
  userId,
  sessionId,
  currentPassword,
  password,
}: Ctx & {
  clock: Clock;
  sessionId: number;
  currentPassword: string | undefined;
  password: string;
}): Promise<PasswordCheck> {
  const user = await userRow(db, userId);
  // Without an address (a social account that shared none) there is nothing to sign in with by password.
  if (isPlaceholderEmail(user.email)) throw invalidField('password', PASSWORD_NEEDS_EMAIL);
  if (user.passwordHash !== null) {
    if (!currentPassword) throw invalidField('current_password', CURRENT_PASSWORD_REQUIRED);
    if (!(await verifyPassword(user.passwordHash, currentPassword))) return 'wrong';
  }
  const passwordHash = await hashPassword(password);
  await db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash, updatedAt: clock() }).where(eq(users.id, userId));
    // The session making the change stays; every other way in ends.
    await revokeAllSessions({ db: tx, userId, exceptSessionId: sessionId });
    // A reset link mailed before the change must not undo it.
    await spendAllEmailTokens({ db: tx, clock, userId, purpose: 'password_reset' });
    await queueMail(tx, {
      template: 'password-changed',
      to: user.email,
      data: { name: user.name },
    });
  });
  return 'ok';
}

/** Every child of the family goes, with their lesson statistics (cascade). */
export async function deleteChildren({ db, userId }: Ctx): Promise<void> {
  await db.delete(children).where(eq(children.userId, userId));
}

/** The lesson statistics of every child of the family, screen time minutes too; the children stay. */
export async function deleteLessonStats({ db, userId }: Ctx): Promise<void> {
  const own = db.select({ id: children.id }).from(children).where(eq(children.userId, userId));
  await db.delete(lessonStats).where(inArray(lessonStats.childId, own));
  await db.delete(screenTimeDays).where(inArray(screenTimeDays.childId, own));
}

/**
 * Checks the confirmation of an erasure: the password of an account that has one, the word УДАЛИТЬ
 * otherwise. 'wrong' is a wrong password (the caller counts those).
 */
export async function checkDeletionConfirmation({
  db,
  userId,
  password,
  confirm,
  word,
}: Ctx & {
  password: string | undefined;
  confirm: string | undefined;
  word: string;
}): Promise<PasswordCheck> {
  const user = await userRow(db, userId);
  if (user.passwordHash === null) {
    if (confirm?.trim().toUpperCase() !== word) throw invalidField('confirm', CONFIRM_REQUIRED);
    return 'ok';
  }
  if (!password) throw invalidField('password', PASSWORD_REQUIRED);
  return (await verifyPassword(user.passwordHash, password)) ? 'ok' : 'wrong';
}

/**
 * 152-FZ erasure: the account and everything hanging off it — sessions, codes, consents, mail links,
 * linked social accounts, children and their statistics — go with the users row (ON DELETE CASCADE).
 * Every mail job to the address goes too, sent or not, and so do its copies in the sandbox outbox.
 */
export async function deleteAccount({ db, userId }: Ctx): Promise<void> {
  await db.transaction(async (tx) => {
    const [user] = await tx
      .delete(users)
      .where(eq(users.id, userId))
      .returning({ email: users.email });
    if (!user) return;
    // Every mail job to the address, whatever its status: done and failed ones keep the address (and the
    // letter's data) in their payload, and a running one would only finish sending what is erased.
    await tx
      .delete(jobs)
      .where(and(eq(jobs.kind, MAIL_JOB), sql`${jobs.payload}->>'to' = ${user.email}`));
    await tx.delete(mailOutbox).where(eq(mailOutbox.to, user.email));
  });
}
