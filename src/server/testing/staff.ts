// A member of staff signed in through the back office, for the admin API's tests: a new account of the
// role and a staff session of it (the kind only the back office's sign-in opens).
import { randomUUID } from 'node:crypto';
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
