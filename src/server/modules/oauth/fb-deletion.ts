// Facebook's data-deletion callback (CONTRACTS §3): Facebook tells us a person asked to delete their data
// from our app; we erase the link and its copies at once and give a page where the person can check.
import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { fbDeletionRequests, socialAccounts } from '../../db/schema/index';
import type { Clock } from '../../deps';
import { invalidField } from '../../http/errors';
import { verifySignedRequest } from '../../integrations/oauth/signed-request';
import { sha256 } from '../auth/tokens';

export const FORGED_SIGNED_REQUEST = 'Подпись signed_request не подтверждена';

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
  const code = randomBytes(8).toString('hex').toUpperCase();
  await db.transaction(async (tx) => {
    // Facebook's word is the person's request: the link goes even if it was the only way in (the
    // parent can still restore access by e-mail or write to support).
    await tx
      .delete(socialAccounts)
      .where(
        and(eq(socialAccounts.provider, 'fb'), eq(socialAccounts.providerUserId, payload.userId)),
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
