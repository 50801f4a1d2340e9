// The back office's sign-in: a staff account's password, then its second factor (TOTP, RFC 6238, otplib)
// wherever config.admin.requireTotp holds (always outside demo mode) or the account has one enrolled. A
// password alone never hands out a secret: members of staff enrol through an invitation
// (staff-invitations.ts), and the first administrator on their first sign-in only from the server's own
// machine or with the start-up code (first-admin-setup.ts). A code is accepted once: the time step of the
// last one is kept and an older or equal step is refused (replay).
import { and, eq, isNull, lt, or } from 'drizzle-orm';
import { generateSecret, generateURI, verify } from 'otplib/functional';
import { STAFF_ROLES, type StaffRole } from '@contract/api/auth';
import {
  SETUP_CODE_REQUIRED,
  SETUP_CODE_WRONG,
  TOTP_CODE_REQUIRED,
  TOTP_CODE_WRONG,
  TOTP_NOT_ENROLLED,
  type StaffLoginResult,
} from '@contract/api/admin';
import { ERROR_CODES } from '@contract/api/values';
import type { Database } from '../../db/client';
import { users } from '../../db/schema/index';
import type { Clock } from '../../deps';
import { HttpError, invalidField } from '../../plugins/errors';
import { verifyPassword } from '../../shared/passwords';
import { ACCOUNT_BLOCKED, INVALID_CREDENTIALS, createSession } from '../auth';
import type { SetupCode } from './first-admin-setup';

export const TOTP_ISSUER = 'Школа Умняшек';
/** One step either side: a phone whose clock is 30 s off still signs in. */
const EPOCH_TOLERANCE_S = 30;

const isStaff = (role: string): role is StaffRole =>
  (STAFF_ROLES as readonly string[]).includes(role);

export const totpUri = (email: string, secret: string) =>
  generateURI({ issuer: TOTP_ISSUER, label: email, secret });

/**
 * The time step `code` matches for `secret`, after `lastStep` when one is given; null for a wrong code.
 * otplib throws when the last step is ahead of this clock: that is a wrong code too.
 */
export async function matchTotp(
  secret: string,
  code: string,
  now: Date,
  lastStep: number | null,
): Promise<number | null> {
  const result = await verify({
    secret,
    token: code,
    epoch: Math.floor(now.getTime() / 1000),
    epochTolerance: EPOCH_TOLERANCE_S,
    ...(lastStep === null ? {} : { afterTimeStep: lastStep }),
  }).catch(() => null);
  // The TOTP strategy's result carries the time step matched (the HOTP one, in the same union, does not).
  return result?.valid && 'timeStep' in result ? result.timeStep : null;
}

/** Who may enrol the first administrator's factor at a sign-in. */
export interface FirstAdminEnrolment {
  /** ADMIN_EMAIL: the administrator the seed writes. */
  email: string;
  /** The request comes from the server's own machine. */
  atServer: boolean;
  /** The code the server printed at start-up, and what the form sent. */
  setupCode: SetupCode;
  given: string | undefined;
}

export async function staffLogin(options: {
  db: Database;
  clock: Clock;
  requireTotp: boolean;
  email: string;
  password: string;
  code: string | undefined;
  firstAdmin: FirstAdminEnrolment;
}): Promise<StaffLoginResult> {
  const { db, clock } = options;
  const [user] = await db
    .select({
      id: users.id,
      email: users.email,
      role: users.role,
      passwordHash: users.passwordHash,
      blockedAt: users.blockedAt,
      totpSecret: users.totpSecret,
      totpEnabledAt: users.totpEnabledAt,
      totpLastStep: users.totpLastStep,
    })
    .from(users)
    .where(eq(users.email, options.email.trim().toLowerCase()))
    .limit(1);
  const ok = await verifyPassword(user?.passwordHash ?? null, options.password);
  // A parent's right password is still «wrong» here: the form does not tell who is staff.
  if (!user || !ok || !isStaff(user.role)) {
    throw invalidField('error', INVALID_CREDENTIALS, ERROR_CODES.invalidCredentials);
  }
  if (user.blockedAt !== null) throw new HttpError(403, ACCOUNT_BLOCKED);

  const open = async () => ({
    token: await createSession({ db, clock, userId: user.id, staff: true }),
    totp_setup: null,
  });
  // A factor once enrolled is asked even where the configuration would let a password do.
  if (!options.requireTotp && user.totpEnabledAt === null) return open();

  const now = clock();
  let secret = user.totpSecret;
  if (user.totpEnabledAt === null) {
    const { firstAdmin } = options;
    if (user.email !== firstAdmin.email || user.role !== 'admin') {
      throw new HttpError(403, TOTP_NOT_ENROLLED, { code: ERROR_CODES.secondFactorNotEnrolled });
    }
    // Both showing the secret and confirming it need the proof: a secret seen by someone else is no factor.
    if (!firstAdmin.atServer) {
      if (firstAdmin.given === undefined || firstAdmin.given === '') {
        throw invalidField('setup_code', SETUP_CODE_REQUIRED, ERROR_CODES.setupCodeRequired);
      }
      if (!firstAdmin.setupCode.accepts(firstAdmin.given)) {
        throw invalidField('setup_code', SETUP_CODE_WRONG, ERROR_CODES.setupCodeRequired);
      }
    }
    if (options.code === undefined) {
      // A fresh secret each time it is shown: only the one this person sees can become the factor.
      secret = generateSecret();
      await db
        .update(users)
        .set({ totpSecret: secret, totpLastStep: null, updatedAt: now })
        .where(eq(users.id, user.id));
      return { token: null, totp_setup: { secret, uri: totpUri(user.email, secret) } };
    }
  }
  if (secret === null || options.code === undefined) {
    throw invalidField('code', TOTP_CODE_REQUIRED, ERROR_CODES.secondFactorRequired);
  }

  const step = await matchTotp(secret, options.code, now, user.totpLastStep);
  if (step === null) throw invalidField('code', TOTP_CODE_WRONG);
  // The step is taken in one statement: two sign-ins racing with one code get one session.
  const [taken] = await db
    .update(users)
    .set({ totpLastStep: step, totpEnabledAt: user.totpEnabledAt ?? now, updatedAt: now })
    .where(and(eq(users.id, user.id), or(isNull(users.totpLastStep), lt(users.totpLastStep, step))))
    .returning({ id: users.id });
  if (!taken) throw invalidField('code', TOTP_CODE_WRONG);
  if (user.totpEnabledAt === null) options.firstAdmin.setupCode.spend();
  return open();
}

/** The name the back office greets a signed-in member of staff by; empty when the account has none. */
export async function staffName(db: Database, userId: number): Promise<string> {
  const [row] = await db.select({ name: users.name }).from(users).where(eq(users.id, userId));
  return row?.name ?? '';
}
