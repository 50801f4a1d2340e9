// A support request: stored for the back office and mailed to the support inbox (a reply there answers
// the parent), with a receipt to the parent. A signed-in parent writes from their account's address, which
// must be confirmed: the answer goes there.
import { eq } from 'drizzle-orm';
import { ERROR_CODES } from '@contract/api/values';
import type { SupportReceipt } from '@contract/api/support';
import type { Database } from '../../db/client';
import { supportRequests, users } from '../../db/schema/index';
import { queueMail } from '../../integrations/mail/queue';
import { conflict } from '../../plugins/errors';

export const EMAIL_UNCONFIRMED =
  'Подтвердите почту, чтобы написать в поддержку: ответ придёт на неё';

export interface SupportInput {
  name: string;
  email: string;
  message: string;
  userId: number | null;
  supportEmail: string;
}

export async function createSupportRequest(
  db: Database,
  input: SupportInput,
): Promise<SupportReceipt> {
  let email = input.email;
  if (input.userId !== null) {
    const [user] = await db
      .select({ email: users.email, verifiedAt: users.emailVerifiedAt })
      .from(users)
      .where(eq(users.id, input.userId));
    if (!user?.verifiedAt) throw conflict(EMAIL_UNCONFIRMED, ERROR_CODES.emailUnconfirmed);
    email = user.email;
  }
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(supportRequests)
      .values({ userId: input.userId, name: input.name, email, message: input.message })
      .returning({ id: supportRequests.id });
    if (!row) throw new Error('support request not stored');
    const sender = input.userId === null ? 'гость' : `родитель, id ${input.userId}`;
    await queueMail(tx, {
      template: 'support-request',
      to: input.supportEmail,
      data: { number: row.id, name: input.name, email, message: input.message, sender },
    });
    await queueMail(tx, {
      template: 'support-received',
      to: email,
      data: { number: row.id, name: input.name, message: input.message },
    });
    return { id: row.id, email };
  });
}
