// Accounts in the back office: the search, one account with its children and subscription, closing and
// reopening sign-in, and a change of role. Closing sign-in or changing a role ends every session of the
// account at once, so what was allowed a minute ago is not allowed from a token still held.
import { and, asc, count, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { StaffRole } from '@contract/api/auth';
import type { AdminUser } from '@contract/api/admin-families';
import { staffMay } from '@contract/staff-access';
import type { Database } from '../../db/client';
import {
  children,
  familyCaregivers,
  familySubscriptions,
  users,
  type UserRole,
} from '../../db/schema/index';
import { forbidden, invalidField, notFound } from '../../plugins/errors';
import { requestPasswordReset, revokeAllSessions } from '../auth';
import { cancel as cancelRenewal } from '../renewals';
import { recordAudit, type AuditActor } from '../../shared/audit';
import { likeLiteral, listMeta, offsetOf, orderOf, type ListQuery } from '../../shared/list';

export const USER_NOT_FOUND = 'Аккаунт не найден';
export const NOT_YOURSELF = 'Своему аккаунту это сделать нельзя: попросите другого администратора';
export const STAFF_ONLY_BY_ADMIN = 'С аккаунтами сотрудников это делает только администратор';
export const LAST_ADMIN = 'Нельзя оставить школу без администратора: сначала назначьте другого';

/**
 * Locks every administrator's row, then says whether `id` is the last one who can still sign in. Two
 * administrators demoting or blocking each other at once queue here, and the second is refused.
 */
async function isLastAdmin(db: Database, id: number): Promise<boolean> {
  const admins = await db
    .select({ id: users.id, blockedAt: users.blockedAt })
    .from(users)
    .where(eq(users.role, 'admin'))
    .orderBy(asc(users.id))
    .for('update');
  const active = admins.filter((a) => a.blockedAt === null);
  return active.length === 1 && active[0]?.id === id;
}

/** Support may act on parents only; staff accounts are for those holding `staff-accounts`. */
export async function requireRightsOver(
  db: Database,
  actor: { role: StaffRole },
  id: number,
): Promise<UserRole> {
  const [target] = await db.select({ role: users.role }).from(users).where(eq(users.id, id));
  if (!target) throw notFound(USER_NOT_FOUND);
  if (target.role !== 'parent' && !staffMay(actor.role, 'staff-accounts')) {
    throw forbidden(STAFF_ONLY_BY_ADMIN);
  }
  return target.role;
}

/**
 * The outer account's id, written out: drizzle leaves columns unqualified in the select list of a one-table
 * query, and a bare "id" inside these subqueries would mean the subquery's own table.
 */
const outerUserId = sql.raw('"users"."id"');

/**
 * The end of the family's paid (or gifted, or trial) time when a period is in force now: the last end of
 * the periods still to run, since each new period follows on from the one before.
 */
const subscriptionUntil = (at: Date) => {
  const now = sql`${at.toISOString()}::timestamptz`;
  const end = sql`coalesce(${familySubscriptions.endedAt}, ${familySubscriptions.endsAt})`;
  return sql<Date | null>`(
    select case when bool_or(${familySubscriptions.startsAt} <= ${now}) then max(${end}) end
    from ${familySubscriptions}
    where ${familySubscriptions.userId} = ${outerUserId} and ${end} > ${now}
  )`;
};

const childrenCount = sql<number>`(
  select count(*)::int from ${children} where ${children.userId} = ${outerUserId}
)`;

const columns = (now: Date) => ({
  id: users.id,
  email: users.email,
  name: users.name,
  surname: users.surname,
  phone: users.phone,
  role: users.role,
  verifiedAt: users.emailVerifiedAt,
  blockedAt: users.blockedAt,
  createdAt: users.createdAt,
  childrenCount: childrenCount,
  until: subscriptionUntil(now),
});

type Row = {
  id: number;
  email: string;
  name: string;
  surname: string;
  phone: string;
  role: UserRole;
  verifiedAt: Date | null;
  blockedAt: Date | null;
  createdAt: Date;
  childrenCount: number;
  until: Date | string | null;
};

type Family = Pick<AdminUser, 'caregiver_of' | 'caregivers'>;
const NO_FAMILY: Family = { caregiver_of: null, caregivers: [] };

function toAdminUser(row: Row, kids: AdminUser['children'], family = NO_FAMILY): AdminUser {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    surname: row.surname,
    phone: row.phone,
    role: row.role,
    email_verified: row.verifiedAt !== null,
    blocked: row.blockedAt !== null,
    created_at: row.createdAt.toISOString(),
    children_count: row.childrenCount,
    // A raw subquery comes back as text from one driver and a Date from the other.
    subscription_until: row.until === null ? null : new Date(row.until).toISOString(),
    children: kids,
    ...family,
  };
}

/** docs/PRODUCT.md «Grown-ups of a family»: whose caregiver the account is, and whom it invited. */
async function familyOf(db: Database, id: number, now: Date): Promise<Family> {
  const [owner] = await db
    .select({ id: users.id, email: users.email })
    .from(familyCaregivers)
    .innerJoin(users, eq(users.id, familyCaregivers.ownerId))
    .where(eq(familyCaregivers.caregiverId, id));
  const invited = await db
    .select({
      id: familyCaregivers.id,
      email: familyCaregivers.email,
      account: users.email,
      acceptedAt: familyCaregivers.acceptedAt,
      expiresAt: familyCaregivers.expiresAt,
    })
    .from(familyCaregivers)
    .leftJoin(users, eq(users.id, familyCaregivers.caregiverId))
    .where(eq(familyCaregivers.ownerId, id))
    .orderBy(asc(familyCaregivers.id));
  return {
    caregiver_of: owner ?? null,
    caregivers: invited.map((row) => ({
      id: row.id,
      email: row.account ?? row.email,
      status: row.acceptedAt !== null ? 'accepted' : row.expiresAt > now ? 'invited' : 'expired',
    })),
  };
}

export async function listUsers(
  db: Database,
  query: ListQuery & { q?: string | undefined; role?: UserRole | undefined },
  now: Date,
) {
  const filters: SQL[] = [];
  if (query.role) filters.push(eq(users.role, query.role));
  if (query.q) {
    const pattern = likeLiteral(query.q);
    const match = or(
      ilike(users.email, pattern),
      ilike(users.name, pattern),
      ilike(users.surname, pattern),
      ilike(users.phone, pattern),
    );
    if (match) filters.push(match);
  }
  const where = filters.length > 0 ? and(...filters) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select(columns(now))
      .from(users)
      .where(where)
      .orderBy(
        orderOf(query, { id: users.id, created_at: users.createdAt, email: users.email }, users.id),
      )
      .limit(query.per_page)
      .offset(offsetOf(query)),
    db.select({ n: count() }).from(users).where(where),
  ]);
  return { data: rows.map((row) => toAdminUser(row, [])), meta: listMeta(query, total?.n ?? 0) };
}

export async function getUser(db: Database, id: number, now: Date): Promise<AdminUser> {
  const [[row], kids] = await Promise.all([
    db.select(columns(now)).from(users).where(eq(users.id, id)),
    db
      .select({
        id: children.id,
        name: children.name,
        birth_date: children.birthDate,
        age_group: children.ageGroup,
      })
      .from(children)
      .where(eq(children.userId, id))
      .orderBy(asc(children.id)),
  ]);
  if (!row) throw notFound(USER_NOT_FOUND);
  return toAdminUser(row, kids, await familyOf(db, id, now));
}

async function setBlocked(
  db: Database,
  actor: { id: number; role: StaffRole },
  id: number,
  blocked: boolean,
  now: Date,
): Promise<void> {
  if (actor.id === id) throw invalidField('blocked', NOT_YOURSELF);
  const role = await requireRightsOver(db, actor, id);
  if (blocked && role === 'admin' && (await isLastAdmin(db, id))) {
    throw invalidField('blocked', LAST_ADMIN);
  }
  await db
    .update(users)
    .set({ blockedAt: blocked ? now : null, updatedAt: now })
    .where(eq(users.id, id));
  if (blocked) {
    await revokeAllSessions({ db, userId: id });
    await cancelRenewal(db, id, 'account_blocked', now);
  }
}

async function setRole(
  db: Database,
  actorId: number,
  id: number,
  role: UserRole,
  now: Date,
): Promise<{ from: UserRole }> {
  if (actorId === id) throw invalidField('role', NOT_YOURSELF);
  const [target] = await db.select({ role: users.role }).from(users).where(eq(users.id, id));
  if (!target) throw notFound(USER_NOT_FOUND);
  if (target.role === role) return { from: target.role };
  if (target.role === 'admin' && (await isLastAdmin(db, id)))
    throw invalidField('role', LAST_ADMIN);
  await db.update(users).set({ role, updatedAt: now }).where(eq(users.id, id));
  // What the old role allowed ends now, on every device.
  await revokeAllSessions({ db, userId: id });
  return { from: target.role };
}

/** Closes or opens the way in, audited in the same transaction; the account as it is now. */
export async function blockUser(
  db: Database,
  actor: AuditActor & { role: StaffRole },
  id: number,
  blocked: boolean,
  now: Date,
): Promise<AdminUser> {
  await db.transaction(async (tx) => {
    await setBlocked(tx, actor, id, blocked, now);
    await recordAudit(tx, actor, {
      action: blocked ? 'block' : 'unblock',
      resource: 'users',
      recordId: id,
    });
  });
  return getUser(db, id, now);
}

/** The letter for a new password, to the account's own address — for an account the actor has rights over. */
export async function sendPasswordReset(
  db: Database,
  actor: AuditActor & { role: StaffRole },
  id: number,
  now: Date,
): Promise<void> {
  const target = await getUser(db, id, now);
  await requireRightsOver(db, { role: actor.role }, target.id);
  await db.transaction(async (tx) => {
    await requestPasswordReset({ db: tx, email: target.email });
    await recordAudit(tx, actor, {
      action: 'password-reset',
      resource: 'users',
      recordId: target.id,
    });
  });
}

/** Another role, audited with the old and the new one; the account as it is now. */
export async function changeRole(
  db: Database,
  actor: AuditActor,
  id: number,
  role: UserRole,
  now: Date,
): Promise<AdminUser> {
  await db.transaction(async (tx) => {
    const { from } = await setRole(tx, actor.id, id, role, now);
    await recordAudit(tx, actor, {
      action: 'role',
      resource: 'users',
      recordId: id,
      summary: { from, to: role },
    });
  });
  return getUser(db, id, now);
}
