// A member of staff signed in through the back office, for the admin API's tests: a new account of the
// role and a staff session of it (the kind only the back office's sign-in opens); an enrolled second
// factor and the codes of its app.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { generate, generateSecret } from 'otplib/functional';
import type { StaffRole } from '@contract/api/auth';
import type { Database } from '../db/client';
import { users } from '../db/schema/index';
import type { Clock } from '../deps';
import { createSession } from '../modules/auth/service';

/** The bearer token of a new staff member of `role`. */
export async function staffSession(
  deps: { db: Database; clock: Clock },
  role: StaffRole,
): Promise<string> {
  const [user] = await deps.db
    .insert(users)
    .values({ email: `${role}-${randomUUID().slice(0, 8)}@example.ru`, role })
    .returning({ id: users.id });
  if (!user) throw new Error('the staff account was not inserted');
  return createSession({ db: deps.db, clock: deps.clock, userId: user.id, staff: true });
}

/** Gives an account an enrolled authenticator factor, as an accepted invitation would; its secret. */
export async function enrolFactor(
  deps: { db: Database; clock: Clock },
  userId: number,
): Promise<string> {
  const secret = generateSecret();
  await deps.db
    .update(users)
    .set({ totpSecret: secret, totpEnabledAt: deps.clock(), totpLastStep: null })
    .where(eq(users.id, userId));
  return secret;
}

/** The code an authenticator app shows for `secret` at the clock's time, `offsetS` seconds later. */
export function totpCode(clock: Clock, secret: string, offsetS = 0): Promise<string> {
  return generate({ secret, epoch: Math.floor(clock().getTime() / 1000) + offsetS });
}
