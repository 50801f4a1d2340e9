// Who invited a family: the parent whose own code the family registered with (`users.referrer_code`).
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { users } from '../../db/schema/index';

export interface Person {
  id: number;
  email: string;
}

/** The invited account and its inviter, or null when it came by no parent's code (or by its own). */
export async function inviterOf(
  db: Database,
  invitedId: number,
): Promise<{ invited: Person; inviter: Person } | null> {
  const [invited] = await db
    .select({ id: users.id, email: users.email, code: users.referrerCode })
    .from(users)
    .where(eq(users.id, invitedId));
  if (!invited?.code) return null;
  const [inviter] = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(eq(users.referralCode, sql`lower(${invited.code})`));
  if (!inviter || inviter.id === invited.id) return null;
  return { invited: { id: invited.id, email: invited.email }, inviter };
}
