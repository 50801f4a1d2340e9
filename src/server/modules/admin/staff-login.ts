// The back office's sign-in: a staff account's password, then its second factor (TOTP, RFC 6238, otplib)
// wherever config.admin.requireTotp holds (always outside demo mode). An account without a factor gets a
// new secret to add to an authenticator app; its first correct code turns the factor on. A code is accepted
// once: the time step of the last one is kept and an older or equal step is refused (replay).
import { and, eq, isNull, lt, or } from 'drizzle-orm';
import { generateSecret, generateURI, verify } from 'otplib/functional';
import { STAFF_ROLES, type StaffRole } from '@contract/api/auth';
import { TOTP_CODE_REQUIRED, TOTP_CODE_WRONG, type StaffLoginResult } from '@contract/api/admin';
import { ERROR_CODES } from '@contract/api/values';
import type { Database } from '../../db/client';
import { users } from '../../db/schema/index';
import type { Clock } from '../../deps';
import { HttpError, invalidField } from '../../plugins/errors';
import { verifyPassword } from '../auth/passwords';
import { ACCOUNT_BLOCKED, INVALID_CREDENTIALS, createSession } from '../auth/service';

export const TOTP_ISSUER = 'Школа Умняшек';
/** One step either side: a phone whose clock is 30 s off still signs in. */
const EPOCH_TOLERANCE_S = 30;

const isStaff = (role: string): role is StaffRole =>
  (STAFF_ROLES as readonly string[]).includes(role);

export async function staffLogin(options: {
  db: Database;
  clock: Clock;
  requireTotp: boolean;
  email: string;
  password: string;
  code: string | undefined;
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
  if (!options.requireTotp) return open();

  const now = clock();
  let secret = user.totpSecret;
  if (user.totpEnabledAt === null) {
    if (secret === null) {
      secret = generateSecret();
      await db
        .update(users)
        .set({ totpSecret: secret, updatedAt: now })
        .where(eq(users.id, user.id));
    }
    if (options.code === undefined) {
      return {
        token: null,
        totp_setup: {
          secret,
          uri: generateURI({ issuer: TOTP_ISSUER, label: user.email, secret }),
        },
      };
    }
  }
  if (secret === null || options.code === undefined) {
    throw invalidField('code', TOTP_CODE_REQUIRED, ERROR_CODES.secondFactorRequired);
  }

  const result = await verify({
    secret,
    token: options.code,
    epoch: Math.floor(now.getTime() / 1000),
    epochTolerance: EPOCH_TOLERANCE_S,
    ...(user.totpLastStep === null ? {} : { afterTimeStep: user.totpLastStep }),
  }).catch(() => null); // otplib throws when the last step is ahead of this clock: a wrong code too.
  // The TOTP strategy's result carries the time step matched (the HOTP one, in the same union, does not).
  if (!result?.valid || !('timeStep' in result)) throw invalidField('code', TOTP_CODE_WRONG);
  // The step is taken in one statement: two sign-ins racing with one code get one session.
  const [taken] = await db
    .update(users)
    .set({
      totpLastStep: result.timeStep,
      totpEnabledAt: user.totpEnabledAt ?? now,
      updatedAt: now,
    })
    .where(
      and(
        eq(users.id, user.id),
        or(isNull(users.totpLastStep), lt(users.totpLastStep, result.timeStep)),
      ),
    )
    .returning({ id: users.id });
  if (!taken) throw invalidField('code', TOTP_CODE_WRONG);
  return open();
}
