// The samples of the family's grown-ups calls (docs/PRODUCT.md «Grown-ups of a family»).
import { randomBytes } from 'node:crypto';
import { familyCaregivers } from '../db/schema/index';
import { randomToken, sha256 } from '../modules/auth/tokens';
import type { Family, FixtureDeps } from './families';
import type { Sample } from './sample';

const WEEK_MS = 7 * 24 * 60 * 60 * 1000;

/** A pending invitation of A's to a fresh address, and the link's token. */
async function ownersInvitation(deps: FixtureDeps, owner: Family) {
  const token = randomToken();
  const [row] = await deps.db
    .insert(familyCaregivers)
    .values({
      ownerId: owner.id,
      email: `invited-${randomBytes(6).toString('hex')}@example.ru`,
      tokenHash: sha256(token),
      expiresAt: new Date(deps.clock().getTime() + WEEK_MS),
    })
    .returning({ id: familyCaregivers.id });
  if (!row) throw new Error('the invitation was not inserted');
  return { id: row.id, token };
}

export const CAREGIVER_SAMPLES: Record<string, Sample> = {
  'POST /api/profile/caregivers': {
    build: () => ({ body: { email: `babushka-${randomBytes(6).toString('hex')}@example.ru` } }),
  },
  'POST /api/profile/caregivers/accept': {
    build: async ({ owner, deps }) => ({
      body: { token: (await ownersInvitation(deps, owner)).token },
    }),
  },
  'DELETE /api/profile/caregivers/{id}': {
    addressesOwnerRecord: true,
    build: async ({ owner, deps }) => ({
      params: { id: String((await ownersInvitation(deps, owner)).id) },
    }),
  },
};
