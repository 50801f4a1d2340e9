import { eq } from 'drizzle-orm';
import type { Profile } from '@contract/api/auth';
import type { Database } from '../../db/client';
import { users } from '../../db/schema/index';
import { unauthorized } from '../../http/errors';

/**
 * SPEC §3 profile. Children and subscriptions arrive with their own issue; until then a family has none,
 * so the player is locked.
 */
export async function getProfile({
  db,
  userId,
}: {
  db: Database;
  userId: number;
}): Promise<Profile> {
  const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  // The session outlived its account (deleted between lookup and read).
  if (!user) throw unauthorized();
  return {
    id: user.id,
    email: user.email,
    email_verified: user.emailVerifiedAt !== null,
    role: user.role,
    name: user.name,
    surname: user.surname,
    patronymic: user.patronymic,
    phone: user.phone,
    region_id: user.regionId,
    children: [],
    subscription: null,
    playerStatus: 'locked',
  };
}
