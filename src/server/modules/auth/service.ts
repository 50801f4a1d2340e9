// Sessions and one-time login codes (docs/ARCHITECTURE.md). Tokens are opaque random strings; the database
// keeps only their SHA-256, so a copy of the tables signs nobody in.
import { and, eq, gt, isNull, lt, ne, sql } from 'drizzle-orm';
import type { FamilyRole } from '@contract/api/values';
import type { Database } from '../../db/client';
import { preparedFor } from '../../db/prepared';
import {
  familyCaregivers,
  oauthStates,
  sessions,
  socialSignups,
  userDevices,
  userTokens,
  users,
  type UserRole,
} from '../../db/schema/index';
import type { Clock } from '../../deps';
import { ERROR_CODES } from '@contract/api/values';
import { HttpError, invalidField } from '../../plugins/errors';
import { sameSecret } from './sign-in-cookies';
import { sweepSpentEmailTokens } from './email-tokens';
import { verifyPassword } from '../../shared/passwords';
import { TOKEN_PATTERN, randomToken, sha256 } from './tokens';
import { BROWSER_MEMORY_MS, rememberBrowser } from './browsers';

/** Idle expiry: a session unused this long ends; each use moves the end forward again. */
export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/**
 * Absolute cap from sign-in, whatever the use: a stolen token in daily use would otherwise live for ever,
 * and a parent signing in again every quarter costs little.
 */
export const SESSION_MAX_AGE_MS = 90 * 24 * 60 * 60 * 1000;
/** last_used_at is written at most this often per session: one write per request would be waste. */
export const SESSION_TOUCH_INTERVAL_MS = 5 * 60 * 1000;
export const USER_TOKEN_TTL_MS = 5 * 60 * 1000;
/** Staff sessions (the back office) end sooner: an hour idle, a working day at most. */
export const STAFF_SESSION_TTL_MS = 60 * 60 * 1000;
export const STAFF_SESSION_MAX_AGE_MS = 12 * 60 * 60 * 1000;

export const INVALID_CREDENTIALS = 'Неверный адрес электронной почты или пароль';
export const INVALID_USER_TOKEN = 'Ссылка для входа устарела или уже использована. Войдите ещё раз';
export const ACCOUNT_BLOCKED = 'Вход в этот аккаунт закрыт. Напишите в поддержку, мы разберёмся';

export interface AuthUser {
  id: number;
  email: string;
  role: UserRole;
}

/** Whose children and subscription the person shares: their own, or (a caregiver) the owner's. */
export interface AuthFamily {
  /** The owner's account id: the key of the family's children, subscription and orders. */
  id: number;
  role: FamilyRole;
}

export interface AuthSession {
  sessionId: number;
  family: AuthFamily;
  /** Opened by the back office's sign-in (second factor passed): admits to /api/admin/*. */
  staff: boolean;
  user: AuthUser;
}

interface Ctx {
  db: Database;
  clock: Clock;
}

/** The idle expiry from `now`, never past the cap counted from sign-in. */
function sessionEnd(createdAt: Date, now: Date, staff: boolean): Date {
  const idle = staff ? STAFF_SESSION_TTL_MS : SESSION_TTL_MS;
  const cap = staff ? STAFF_SESSION_MAX_AGE_MS : SESSION_MAX_AGE_MS;
  return new Date(Math.min(now.getTime() + idle, createdAt.getTime() + cap));
}

export async function createSession({
  db,
  clock,
  userId,
  staff = false,
  browser,
}: Ctx & { userId: number; staff?: boolean; browser?: string | undefined }) {
  const token = randomToken();
  const now = clock();
  await db.insert(sessions).values({
    userId,
    tokenHash: sha256(token),
    staff,
    createdAt: now,
    lastUsedAt: now,
    expiresAt: sessionEnd(now, now, staff),
  });
  if (browser !== undefined) await rememberBrowser(db, { userId, browser, now });
  return token;
}

/** Every guarded request runs this: prepared once, not built each time. */
const sessionQuery = preparedFor((db: Database) =>
  db
    .select({
      sessionId: sessions.id,
      staff: sessions.staff,
      createdAt: sessions.createdAt,
      lastUsedAt: sessions.lastUsedAt,
      blockedAt: users.blockedAt,
      id: users.id,
      email: users.email,
      role: users.role,
      ownerId: familyCaregivers.ownerId,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    // A caregiver's membership is read on every request, so removing one ends their access at once.
    .leftJoin(familyCaregivers, eq(familyCaregivers.caregiverId, users.id))
    .where(
      and(
        eq(sessions.tokenHash, sql.placeholder('tokenHash')),
        gt(sessions.expiresAt, sql.placeholder('now')),
        // Also checked here, not only through expires_at: rows written before the cap existed slid
        // without it.
        gt(sessions.createdAt, sql.placeholder('oldest')),
      ),
    )
    .limit(1)
    .prepare('session_lookup'),
);

/** The account behind a bearer token, or null for a missing, unknown, expired or revoked one. */
export async function resolveSession({
  db,
  clock,
  token,
}: Ctx & { token: string }): Promise<AuthSession | null> {
  if (!TOKEN_PATTERN.test(token)) return null;
  const now = clock();
  const [row] = await sessionQuery(db).execute({
    tokenHash: sha256(token),
    now,
    oldest: new Date(now.getTime() - SESSION_MAX_AGE_MS),
  });
  // A blocked account's sessions are deleted when it is blocked; this holds even for one opened meanwhile.
  if (!row || row.blockedAt !== null) return null;
  if (now.getTime() - row.lastUsedAt.getTime() >= SESSION_TOUCH_INTERVAL_MS) {
    // Sliding expiry: a parent who keeps using the school stays signed in, up to the cap.
    await db
      .update(sessions)
      .set({ lastUsedAt: now, expiresAt: sessionEnd(row.createdAt, now, row.staff) })
      .where(eq(sessions.id, row.sessionId));
  }
  return {
    sessionId: row.sessionId,
    staff: row.staff,
    user: { id: row.id, email: row.email, role: row.role },
    family:
      row.ownerId === null ? { id: row.id, role: 'owner' } : { id: row.ownerId, role: 'caregiver' },
  };
}

export async function login({
  db,
  clock,
  email,
  password,
  browser,
}: Ctx & { email: string; password: string; browser?: string }): Promise<string> {
  const [user] = await db
    .select({ id: users.id, passwordHash: users.passwordHash, blockedAt: users.blockedAt })
    .from(users)
    .where(eq(users.email, email))
    .limit(1);
  const ok = await verifyPassword(user?.passwordHash ?? null, password);
  // One message whatever was wrong: the form must not reveal which addresses have accounts.
  if (!user || !ok)
    throw invalidField('error', INVALID_CREDENTIALS, ERROR_CODES.invalidCredentials);
  // Told only to whoever knows the password: the owner learns why, a guesser learns nothing new.
  if (user.blockedAt !== null) throw new HttpError(403, ACCOUNT_BLOCKED);
  return createSession({ db, clock, userId: user.id, browser });
}

export async function revokeSession({ db, sessionId }: { db: Database; sessionId: number }) {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
}

/**
 * Everything that signs the user in ends (password change, reset): the sessions — all, or all but the one
 * making the change — unspent one-time login codes, and social sign-ins or links still in flight. Pass
 * the transaction of the change, so the new password and the revocation land together.
 */
export async function revokeAllSessions({
  db,
  userId,
  exceptSessionId,
}: {
  db: Database;
  userId: number;
  exceptSessionId?: number;
}) {
  const own = eq(sessions.userId, userId);
  await db
    .delete(sessions)
    .where(exceptSessionId === undefined ? own : and(own, ne(sessions.id, exceptSessionId)));
  await db.delete(userTokens).where(eq(userTokens.userId, userId));
  await db.delete(oauthStates).where(eq(oauthStates.userId, userId));
}

/** A one-time code for `/?usertoken=…` after social sign-in; the SPA exchanges it within minutes. */
export async function issueUserToken({ db, clock, userId }: Ctx & { userId: number }) {
  const code = randomToken();
  const now = clock();
  await db.insert(userTokens).values({
    userId,
    codeHash: sha256(code),
    createdAt: now,
    expiresAt: new Date(now.getTime() + USER_TOKEN_TTL_MS),
  });
  return code;
}

/**
 * Exchanges a one-time code for a session token; once presented the code is gone, expired or not. Only
 * the browser the callback gave it to (as the usertoken cookie) may spend it: a code carried to another
 * browser would sign that browser into someone else's account (login CSRF, docs/ARCHITECTURE.md).
 */
export async function exchangeUserToken({
  db,
  clock,
  code,
  cookieCode,
  browser,
}: Ctx & { code: string; cookieCode: string | undefined; browser?: string }) {
  if (!TOKEN_PATTERN.test(code) || !sameSecret(code, cookieCode)) {
    throw invalidField('usertoken', INVALID_USER_TOKEN);
  }
  const now = clock();
  // Deleting and reading in one statement makes the code single-use even under concurrent requests.
  const [row] = await db
    .delete(userTokens)
    .where(eq(userTokens.codeHash, sha256(code)))
    .returning({ userId: userTokens.userId, expiresAt: userTokens.expiresAt });
  if (!row || row.expiresAt.getTime() <= now.getTime()) {
    throw invalidField('usertoken', INVALID_USER_TOKEN);
  }
  return createSession({ db, clock, userId: row.userId, browser });
}

/** How long an expired caregiver's invitation stays in the owner's list before its address is deleted. */
export const STALE_INVITATION_MS = 30 * 24 * 60 * 60 * 1000;

/**
 * Removes expired sessions, codes, abandoned social sign-ups, long-spent mail links and caregivers'
 * invitations a month past their link; cheap thanks to the expiry indexes.
 */
export async function sweepExpired({ db, clock }: Ctx) {
  const now = clock();
  await db.delete(sessions).where(lt(sessions.expiresAt, now));
  await db.delete(userTokens).where(lt(userTokens.expiresAt, now));
  // Social sign-ups nobody finished: the person walked away from the consent step.
  await db.delete(socialSignups).where(lt(socialSignups.expiresAt, now));
  await sweepSpentEmailTokens({ db, clock });
  // A caregiver's invitation nobody took: the owner sees it as «Ссылка устарела» for a month, then the
  // address goes (docs/PRODUCT.md «Grown-ups of a family»).
  await db
    .delete(familyCaregivers)
    .where(
      and(
        isNull(familyCaregivers.caregiverId),
        lt(familyCaregivers.expiresAt, new Date(now.getTime() - STALE_INVITATION_MS)),
      ),
    );
  // A browser not seen for as long as its cookie lives is gone from the self-invitation check too.
  await db
    .delete(userDevices)
    .where(lt(userDevices.seenAt, new Date(now.getTime() - BROWSER_MEMORY_MS)));
}
