// An address for an account that has none: a VK ID or Facebook sign-up whose person shared no e-mail
// holds a placeholder (never mailed, never shown). The parent types an address in the profile; it becomes
// the account's address — confirmed — only when the link mailed to it is followed, so nobody can take an
// address they cannot read, nor lock its owner out of registering with it.
import { and, eq, ne } from 'drizzle-orm';
import { isPlaceholderEmail } from '@contract/api/oauth-values';
import { ERROR_CODES } from '@contract/api/values';
import type { Database } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { users } from '../../db/schema/index';
import type { Clock } from '../../deps';
import { queueMail } from '../../integrations/mail/queue';
import { conflict, invalidField, unauthorized } from '../../plugins/errors';
import {
  VERIFICATION_MESSAGES,
  confirmationUrl,
  issueEmailToken,
  spendAllEmailTokens,
  type SpendResult,
} from './email-tokens';

export const EMAIL_NOT_ADDABLE =
  'Адрес почты у этого аккаунта уже есть. Если он больше не ваш, напишите в поддержку.';
export const ADDED_EMAIL_TAKEN =
  'Этот адрес уже у другого аккаунта Школы Умняшек. Войдите в него по почте и привяжите соцсеть в профиле — или укажите другой адрес.';
export const ADDED_EMAIL_EXPIRED =
  'Срок действия ссылки истёк. Укажите адрес в профиле ещё раз — пришлём новое письмо';
export const ADDRESS_ALREADY_SET = 'У аккаунта уже есть адрес почты — эта ссылка больше не нужна';

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

async function takenByAnother(db: Database | Tx, email: string, userId: number) {
  const [other] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, email), ne(users.id, userId)))
    .limit(1);
  return other !== undefined;
}

/** Mails a confirmation link to the address; only the latest link of the parent works. */
export async function requestEmailAddition({
  db,
  clock,
  publicUrl,
  userId,
  email,
}: {
  db: Database;
  clock: Clock;
  publicUrl: string;
  userId: number;
  email: string;
}): Promise<void> {
  const [user] = await db
    .select({ email: users.email, name: users.name })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!user) throw unauthorized();
  if (!isPlaceholderEmail(user.email)) {
    throw conflict(EMAIL_NOT_ADDABLE, ERROR_CODES.emailNotAddable);
  }
  // Said at once, like the registration form does: waiting for the letter would only hide it longer.
  if (await takenByAnother(db, email, userId)) {
    throw invalidField('email', ADDED_EMAIL_TAKEN, ERROR_CODES.emailTaken);
  }
  await db.transaction(async (tx) => {
    // A link to an address typed earlier (with a typo, say) stops working.
    await spendAllEmailTokens({ db: tx, clock, userId, purpose: 'add_email' });
    const token = await issueEmailToken({ db: tx, clock, userId, purpose: 'add_email', email });
    await queueMail(tx, {
      template: 'confirmation',
      to: email,
      data: { name: user.name, url: confirmationUrl(publicUrl, token), added: true },
    });
  });
}

/**
 * The link of an address being added was followed (the same `/confirmed` page as registration's): the
 * address becomes the account's, confirmed, and the welcome mail goes to it.
 */
export async function confirmAddedEmail(
  tx: Tx,
  clock: Clock,
  result: Exclude<SpendResult, { status: 'unknown' }>,
): Promise<void> {
  if (result.status !== 'ok') {
    const used = result.status === 'used';
    throw invalidField('verified_token', used ? VERIFICATION_MESSAGES.used : ADDED_EMAIL_EXPIRED);
  }
  const email = result.email;
  if (email === null) throw invalidField('verified_token', VERIFICATION_MESSAGES.unknown);
  const [user] = await tx
    .select({ email: users.email, name: users.name })
    .from(users)
    .where(eq(users.id, result.userId))
    .for('update');
  if (!user) throw invalidField('verified_token', VERIFICATION_MESSAGES.unknown);
  if (!isPlaceholderEmail(user.email)) {
    if (user.email === email) return;
    throw invalidField('verified_token', ADDRESS_ALREADY_SET);
  }
  if (await takenByAnother(tx, email, result.userId)) {
    throw invalidField('verified_token', ADDED_EMAIL_TAKEN);
  }
  const now = clock();
  try {
    await tx
      .update(users)
      .set({ email, emailVerifiedAt: now, updatedAt: now })
      .where(eq(users.id, result.userId));
  } catch (error) {
    // Registered by someone else this very moment.
    if (isUniqueViolation(error)) throw invalidField('verified_token', ADDED_EMAIL_TAKEN);
    throw error;
  }
  await queueMail(tx, { template: 'welcome', to: email, data: { name: user.name } });
}
