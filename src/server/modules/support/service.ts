// A support request: stored for the back office and mailed to the support inbox (a reply there answers
// the parent), with a receipt to the writer. A signed-in parent is answered at the account's address, which
// must be confirmed; an account from a social network that shared no address (a placeholder) and a guest
// type one. An address nobody confirmed gets a receipt without the text or the name typed, so the form
// cannot be used to send someone else's words from the school.
import { eq } from 'drizzle-orm';
import { isPlaceholderEmail } from '@contract/api/oauth-values';
import { ERROR_CODES } from '@contract/api/values';
import type { SupportReceipt } from '@contract/api/support';
import type { Database } from '../../db/client';
import { supportRequests, users } from '../../db/schema/index';
import { queueMail } from '../../integrations/mail/queue';
import { conflict } from '../../plugins/errors';

export const EMAIL_UNCONFIRMED =
  'Подтвердите почту, чтобы написать в поддержку: ответ придёт на неё';

/** Where the answer goes, whether that address is known to be the writer's, and who wrote. */
export interface AnswerAddress {
  email: string;
  confirmed: boolean;
  sender: string;
}

export async function answerAddress(
  db: Database,
  userId: number | null,
  typed: string,
): Promise<AnswerAddress> {
  if (userId === null)
    return { email: typed, confirmed: false, sender: 'гость, почта не подтверждена' };
  const [user] = await db
    .select({ email: users.email, verifiedAt: users.emailVerifiedAt })
    .from(users)
    .where(eq(users.id, userId));
  if (!user || isPlaceholderEmail(user.email)) {
    return {
      email: typed,
      confirmed: false,
      sender: `родитель, id ${userId}, почта не подтверждена`,
    };
  }
  if (!user.verifiedAt) throw conflict(EMAIL_UNCONFIRMED, ERROR_CODES.emailUnconfirmed);
  return { email: user.email, confirmed: true, sender: `родитель, id ${userId}` };
}

export async function createSupportRequest(
  db: Database,
  input: {
    name: string;
    message: string;
    userId: number | null;
    address: AnswerAddress;
    supportEmail: string;
  },
): Promise<SupportReceipt> {
  const { address } = input;
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(supportRequests)
      .values({
        userId: input.userId,
        name: input.name,
        email: address.email,
        message: input.message,
      })
      .returning({ id: supportRequests.id });
    if (!row) throw new Error('support request not stored');
    await queueMail(tx, {
      template: 'support-request',
      to: input.supportEmail,
      data: {
        number: row.id,
        name: input.name,
        email: address.email,
        message: input.message,
        sender: address.sender,
      },
    });
    await queueMail(tx, {
      template: 'support-received',
      to: address.email,
      data: address.confirmed
        ? { number: row.id, name: input.name, message: input.message }
        : { number: row.id, name: '', message: null },
    });
    return { id: row.id, email: address.email };
  });
}

/** The name a request the school writes itself goes under in the back office's support queue. */
export const SCHOOL_NOTICE_NAME = 'Школа (автоматически)';

/**
 * Something the staff must see that no parent wrote — a refund made at the bank — put into the support
 * queue (the dashboard counts it among new requests) and mailed to the support inbox. Its answer address is
 * the support inbox itself, so answering it never writes to a parent by surprise.
 */
export async function noticeForStaff(
  db: Database,
  input: { userId: number | null; message: string; supportEmail: string },
): Promise<void> {
  const [row] = await db
    .insert(supportRequests)
    .values({
      userId: input.userId,
      name: SCHOOL_NOTICE_NAME,
      email: input.supportEmail,
      message: input.message.slice(0, 5000),
    })
    .returning({ id: supportRequests.id });
  if (!row) throw new Error('support notice not stored');
  await queueMail(db, {
    template: 'support-request',
    to: input.supportEmail,
    data: {
      number: row.id,
      name: SCHOOL_NOTICE_NAME,
      email: input.supportEmail,
      message: input.message,
      sender: 'школа, автоматически',
    },
  });
}
