// Facebook's data-deletion callback (src/server/integrations/oauth/README.md): Facebook tells us a person asked to delete their data
// from our app; we erase what came from Facebook at once and give a page where the person can check.
import { randomBytes } from 'node:crypto';
import { and, eq, ne } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { fbDeletionRequests, socialAccounts, socialSignups, users } from '../../db/schema/index';
import type { Clock } from '../../deps';
import { invalidField } from '../../plugins/errors';
import { splitName } from '../../integrations/oauth/facebook';
import { verifySignedRequest } from '../../integrations/oauth/signed-request';
import { sha256 } from '../auth';
import { deleteAccount } from '../profile';
import { DEFAULT_PARENT_NAME, NAME_MAX_LENGTH } from './signup';

export const FORGED_SIGNED_REQUEST = 'Подпись signed_request не подтверждена';
export const STALE_SIGNED_REQUEST =
  'Запрос signed_request устарел или выписан на будущее время: отправьте новый';

/**
 * A signed_request is good for this long after Facebook issued it: one copied from a log or a proxy
 * cannot be replayed later. A minute ahead is allowed for clocks that differ a little.
 */
export const SIGNED_REQUEST_MAX_AGE_S = 10 * 60;
const SIGNED_REQUEST_CLOCK_SKEW_S = 60;

/** issued_at (Unix seconds, which Facebook always sends) within the window around `now`. */
export function freshSignedRequest(raw: Record<string, unknown>, now: Date): boolean {
  const issuedAt = raw.issued_at;
  if (typeof issuedAt !== 'number' || !Number.isFinite(issuedAt)) return false;
  const age = now.getTime() / 1000 - issuedAt;
  return age <= SIGNED_REQUEST_MAX_AGE_S && age >= -SIGNED_REQUEST_CLOCK_SKEW_S;
}

/** Public path of the status page (HTML, outside /api: it is a page for a person, not an API answer). */
export const deletionStatusPath = (code: string) => `/data-deletion/${code}`;

/** 16 hex digits, upper case: easy to read out to support. */
export const CONFIRMATION_CODE_PATTERN = /^[0-9A-F]{16}$/;

/**
 * The callback works while Facebook sign-in is on, and also after it was switched off on a site that has
 * real Facebook credentials (people who signed in before may still ask). With neither, the only secret
 * is the public demo one, and a request signed with it proves nothing.
 */
export function fbDeletionAvailable(config: Config): boolean {
  return config.fb.enabled || !config.fb.sandbox;
}

export async function handleFbDeletionRequest({
  db,
  clock,
  config,
  signedRequest,
}: {
  db: Database;
  clock: Clock;
  config: Config;
  signedRequest: string;
}): Promise<{ url: string; confirmation_code: string }> {
  const payload = verifySignedRequest(signedRequest, config.fb.clientSecret);
  if (!payload) throw invalidField('signed_request', FORGED_SIGNED_REQUEST);
  if (!freshSignedRequest(payload.raw, clock())) {
    throw invalidField('signed_request', STALE_SIGNED_REQUEST);
  }
  const code = randomBytes(8).toString('hex').toUpperCase();
  await db.transaction(async (tx) => {
    const [link] = await tx
      .select({
        id: socialAccounts.id,
        userId: socialAccounts.userId,
        name: socialAccounts.name,
        linkedAt: socialAccounts.linkedAt,
      })
      .from(socialAccounts)
      .where(
        and(eq(socialAccounts.provider, 'fb'), eq(socialAccounts.providerUserId, payload.userId)),
      )
      .limit(1);
    if (link) await eraseFacebookData(tx, clock, link);
    // A sign-up still waiting at the consent step holds Facebook's data too.
    await tx
      .delete(socialSignups)
      .where(
        and(eq(socialSignups.provider, 'fb'), eq(socialSignups.providerUserId, payload.userId)),
      );
    await tx.insert(fbDeletionRequests).values({
      confirmationCode: code,
      // Only a hash of the id: the record proves the request was handled without keeping the id.
      fbUserId: sha256(`fb:${payload.userId}`),
      status: 'done',
      createdAt: clock(),
    });
  });
  return { url: `${config.publicUrl}${deletionStatusPath(code)}`, confirmation_code: code };
}

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/**
 * Facebook's word is the person's request. An account Facebook sign-in made, with no other way in (no
 * password, no other network), is all Facebook data: it goes whole, as the profile's own deletion does.
 * Any other account stays: the link goes (even when it was the only way in — the parent can still set a
 * password by e-mail or write to support), and so do the name and surname Facebook gave at sign-up if the
 * parent never changed them. The account's e-mail stays even when it came from Facebook: it is the
 * parent's login and the address of the school's mail, and the parent has taken the account on since
 * (a password or another network).
 */
async function eraseFacebookData(
  tx: Tx,
  clock: Clock,
  link: { id: number; userId: number; name: string; linkedAt: Date },
): Promise<void> {
  // Locked like links.ts does, so that a password set or a network linked meanwhile is seen.
  const [user] = await tx
    .select({
      passwordHash: users.passwordHash,
      name: users.name,
      surname: users.surname,
      createdAt: users.createdAt,
    })
    .from(users)
    .where(eq(users.id, link.userId))
    .for('update');
  if (!user) return;
  const [other] = await tx
    .select({ id: socialAccounts.id })
    .from(socialAccounts)
    .where(and(eq(socialAccounts.userId, link.userId), ne(socialAccounts.id, link.id)))
    .limit(1);
  // Social sign-up writes the account and its link with the same instant; a later link has its own.
  const madeByFacebook = link.linkedAt.getTime() === user.createdAt.getTime();
  if (madeByFacebook && user.passwordHash === null && !other) {
    await deleteAccount({ db: tx, userId: link.userId });
    return;
  }
  await tx.delete(socialAccounts).where(eq(socialAccounts.id, link.id));
  if (!madeByFacebook) return;
  // The link's name is Facebook's "First Rest", from which sign-up took the name and surname.
  const given = splitName(link.name);
  const set: Partial<typeof users.$inferInsert> = {};
  if (given.firstName && user.name === given.firstName.slice(0, NAME_MAX_LENGTH)) {
    // The profile cannot be without a name: the one sign-up gives when the provider has none.
    set.name = DEFAULT_PARENT_NAME;
  }
  if (given.lastName && user.surname === given.lastName.slice(0, NAME_MAX_LENGTH)) set.surname = '';
  if (Object.keys(set).length > 0) {
    await tx
      .update(users)
      .set({ ...set, updatedAt: clock() })
      .where(eq(users.id, link.userId));
  }
}

export async function findFbDeletionRequest({
  db,
  code,
}: {
  db: Database;
  code: string;
}): Promise<{ code: string; status: 'done'; createdAt: Date } | null> {
  if (!CONFIRMATION_CODE_PATTERN.test(code)) return null;
  const [row] = await db
    .select({
      code: fbDeletionRequests.confirmationCode,
      status: fbDeletionRequests.status,
      createdAt: fbDeletionRequests.createdAt,
    })
    .from(fbDeletionRequests)
    .where(eq(fbDeletionRequests.confirmationCode, code))
    .limit(1);
  return row ?? null;
}
