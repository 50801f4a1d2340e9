// The school's links to the providers' accounts: finding one, making one, keeping its copies fresh. Both
// the sign-in (./service.ts) and the consent step that creates a new account (./signup.ts) use them.
import { and, eq } from 'drizzle-orm';
import type { SocialNetwork } from '@contract/api/auth';
import type { Database } from '../../db/client';
import { socialAccounts } from '../../db/schema/index';
import type { SocialProfile } from '../../integrations/oauth/provider';

/** What the school keeps of the person: the provider's id and the copies it shows in the profile. */
export function socialData(profile: SocialProfile) {
  return {
    email: profile.email,
    name: [profile.firstName, profile.lastName].filter(Boolean).join(' ').slice(0, 200),
    avatar: profile.avatar,
  };
}

export type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/** The school's link to the provider's account, if any parent has it. */
export async function findLink(tx: Tx, network: SocialNetwork, profile: SocialProfile) {
  const [link] = await tx
    .select({ id: socialAccounts.id, userId: socialAccounts.userId })
    .from(socialAccounts)
    .where(
      and(
        eq(socialAccounts.provider, network),
        eq(socialAccounts.providerUserId, profile.providerUserId),
      ),
    )
    .limit(1);
  return link;
}

/** Keeps the copies shown in the profile up to date with what the provider gave this time. */
export async function refreshLink(tx: Tx, linkId: number, profile: SocialProfile): Promise<void> {
  await tx.update(socialAccounts).set(socialData(profile)).where(eq(socialAccounts.id, linkId));
}

/** False when the provider's account is already linked (to someone else, a moment ago). */
export async function insertLink(
  tx: Tx,
  link: { network: SocialNetwork; profile: SocialProfile; userId: number; now: Date },
): Promise<boolean> {
  const inserted = await tx
    .insert(socialAccounts)
    .values({
      userId: link.userId,
      provider: link.network,
      providerUserId: link.profile.providerUserId,
      ...socialData(link.profile),
      linkedAt: link.now,
    })
    .onConflictDoNothing({ target: [socialAccounts.provider, socialAccounts.providerUserId] })
    .returning({ id: socialAccounts.id });
  return inserted.length > 0;
}
