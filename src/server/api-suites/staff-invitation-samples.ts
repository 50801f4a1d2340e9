// Minimal requests of staff invitations. The page's calls carry the link's token and nothing else: any
// caller holding a live link opens and accepts it (the link proves itself), so each sample invites a new
// address of its own, never A.
import { generate, generateSecret } from 'otplib/functional';
import { staffInvitations, users } from '../db/schema/index';
import { randomToken, sha256 } from '../modules/auth/tokens';
import { randomWord, type FixtureDeps } from './families';
import type { Sample } from './sample';

const HOUR_MS = 60 * 60 * 1000;

/** A live invitation of a new address; with `opened`, the key its page showed. */
async function invitation(
  deps: FixtureDeps,
  opened: boolean,
): Promise<{ token: string; secret: string | null }> {
  const [user] = await deps.db
    .insert(users)
    .values({
      email: `invited-${randomToken().slice(0, 10).toLowerCase()}@example.ru`,
      role: 'support',
    })
    .returning({ id: users.id });
  if (!user) throw new Error('the invited account was not inserted');
  const token = randomToken();
  const secret = opened ? generateSecret() : null;
  await deps.db.insert(staffInvitations).values({
    userId: user.id,
    role: 'support',
    tokenHash: sha256(token),
    totpSecret: secret,
    expiresAt: new Date(deps.clock().getTime() + HOUR_MS),
  });
  return { token, secret };
}

export const STAFF_INVITATION_SAMPLES: Record<string, Sample> = {
  'POST /api/admin/staff-invitations': {
    build: () => ({
      body: {
        email: `staff-${randomToken().slice(0, 10).toLowerCase()}@example.ru`,
        name: randomWord(),
        role: 'support',
      },
    }),
  },
  'POST /api/admin/invitation/open': {
    build: async ({ deps }) => ({ body: { token: (await invitation(deps, false)).token } }),
  },
  'POST /api/admin/invitation/accept': {
    build: async ({ deps }) => {
      const { token, secret } = await invitation(deps, true);
      if (secret === null) throw new Error('an opened invitation has a key');
      const epoch = Math.floor(deps.clock().getTime() / 1000);
      return {
        body: { token, password: 'Novyi-parol-2026', code: await generate({ secret, epoch }) },
      };
    },
  },
};
