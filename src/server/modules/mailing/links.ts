// The unsubscribe link of a mailing: `${PUBLIC_URL}/unsubscribe?token=…`. The token is random, kept only as
// its hash on the mail's delivery row, so it names one recipient and one category and cannot be forged or
// read back from the database.
import { eq, isNull, and } from 'drizzle-orm';
import { MAILING_LINK_INVALID } from '@contract/api/mailing';
import { ERROR_CODES } from '@contract/api/values';
import type { Database } from '../../db/client';
import { mailingDeliveries } from '../../db/schema/index';
import { HttpError } from '../../plugins/errors';
import { randomToken, sha256 } from '../auth';

export interface MailingLink {
  deliveryId: number;
  userId: number;
  categoryId: number;
}

export function unsubscribeUrl(publicUrl: string, token: string): string {
  return `${publicUrl}/unsubscribe?token=${token}`;
}

export function newLinkToken(): { token: string; hash: string } {
  const token = randomToken();
  return { token, hash: sha256(token) };
}

export const invalidLink = () =>
  new HttpError(404, MAILING_LINK_INVALID, { code: ERROR_CODES.mailingLinkInvalid });

/** The recipient and category a link's token names, or null for a token the school never gave. */
export async function findLink(db: Database, token: string): Promise<MailingLink | null> {
  const [row] = await db
    .select({
      deliveryId: mailingDeliveries.id,
      userId: mailingDeliveries.userId,
      categoryId: mailingDeliveries.categoryId,
    })
    .from(mailingDeliveries)
    .where(eq(mailingDeliveries.tokenHash, sha256(token)))
    .limit(1);
  return row ?? null;
}

/** Counts the mail as the one its recipient left the category from (the back office's statistics). */
export async function markLinkUsed(db: Database, link: MailingLink, now: Date): Promise<void> {
  await db
    .update(mailingDeliveries)
    .set({ unsubscribedAt: now })
    .where(
      and(eq(mailingDeliveries.id, link.deliveryId), isNull(mailingDeliveries.unsubscribedAt)),
    );
}
