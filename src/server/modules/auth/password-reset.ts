// Password restore by mail (docs/PRODUCT.md «Product rules», docs/ARCHITECTURE.md): the same answer, in the same time, for every
// address; single-use links valid 60 minutes; a reset ends every session and tells the parent by mail.
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { users } from '../../db/schema/index';
import type { Clock } from '../../deps';
import { invalidField } from '../../plugins/errors';
import { queueMail } from '../../integrations/mail/queue';
import { enqueue } from '../../jobs/queue';
import { displayEmail } from '@contract/email';
import { issueEmailToken, spendAllEmailTokens, spendEmailToken } from './email-tokens';
import { hashPassword } from '../../shared/passwords';
import { revokeAllSessions } from './service';
import { TOKEN_PATTERN } from './tokens';

export const RESET_MESSAGES = {
  invalid: 'Ссылка для смены пароля недействительна. Запросите новую',
  expired: 'Ссылка для смены пароля устарела: она действует 60 минут. Запросите новую',
  used: 'Эта ссылка уже использована. Если нужно, запросите новую',
} as const;

interface Ctx {
  db: Database;
  clock: Clock;
}

export function passwordResetUrl(publicUrl: string, token: string, email: string): string {
  // The page shows the address of the link: as the parent writes it (почта.рф); the reset call takes
  // either form, the contract's e-mail rule turns both into the stored one.
  return `${publicUrl}/password-reset?token=${token}&email=${encodeURIComponent(displayEmail(email))}`;
}

/** The job that does the work of a reset request (password-reset-job.ts). */
export const PASSWORD_RESET_JOB = 'password-reset';

/**
 * Answers «Забыли пароль?» with one insert, the same for every address: the lookup, the link and the
 * letter happen in a job (sendPasswordResetLink), so neither the database work nor the time taken tells
 * whether the address has an account.
 */
export async function requestPasswordReset({
  db,
  email,
}: {
  db: Database;
  email: string;
}): Promise<void> {
  await enqueue(db, PASSWORD_RESET_JOB, { email });
}

/** Mails a reset link when the address has an account; does nothing otherwise. Run by the job. */
export async function sendPasswordResetLink({
  db,
  clock,
  publicUrl,
  email,
}: Ctx & { publicUrl: string; email: string }): Promise<void> {
  const [user] = await db
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(eq(users.email, email))
    .limit(1);
  if (!user) return;
  await db.transaction(async (tx) => {
    const token = await issueEmailToken({
      db: tx,
      clock,
      userId: user.id,
      purpose: 'password_reset',
    });
    await queueMail(tx, {
      template: 'password-reset',
      to: email,
      data: { name: user.name, url: passwordResetUrl(publicUrl, token, email) },
    });
  });
}

/**
 * Sets the new password. The link's owner must be the address it was sent to; following it also proves
 * the address, so an unconfirmed one becomes confirmed.
 */
export async function resetPassword({
  db,
  clock,
  token,
  email,
  password,
}: Ctx & { token: string; email: string; password: string }): Promise<void> {
  if (!TOKEN_PATTERN.test(token)) throw invalidField('token', RESET_MESSAGES.invalid);
  const passwordHash = await hashPassword(password);
  await db.transaction(async (tx) => {
    const result = await spendEmailToken({ db: tx, clock, token, purpose: 'password_reset' });
    if (result.status === 'unknown') throw invalidField('token', RESET_MESSAGES.invalid);
    const [user] = await tx
      .select({
        id: users.id,
        email: users.email,
        name: users.name,
        verifiedAt: users.emailVerifiedAt,
      })
      .from(users)
      .where(eq(users.id, result.userId))
      .limit(1);
    // A link tried with another address is as good as a forged one — and says nothing about either.
    if (!user || user.email !== email) throw invalidField('token', RESET_MESSAGES.invalid);
    if (result.status !== 'ok') throw invalidField('token', RESET_MESSAGES[result.status]);

    const now = clock();
    await tx
      .update(users)
      .set({ passwordHash, emailVerifiedAt: user.verifiedAt ?? now, updatedAt: now })
      .where(eq(users.id, user.id));
    await spendAllEmailTokens({ db: tx, clock, userId: user.id, purpose: 'password_reset' });
    await revokeAllSessions({ db: tx, userId: user.id });
    await queueMail(tx, {
      template: 'password-changed',
      to: user.email,
      data: { name: user.name },
    });
  });
}
