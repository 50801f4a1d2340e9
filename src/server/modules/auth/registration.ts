// Registration and email confirmation (docs/PRODUCT.md «Product rules», docs/ARCHITECTURE.md). A new parent is signed in at once with the
// address unconfirmed; the confirmation mail is queued in the same transaction as the account, so there
// is never an account whose mail was lost, nor a mail for an account that was rolled back.
import { and, eq, isNull } from 'drizzle-orm';
import { EMAIL_TAKEN, MAILING_CONSENT, PERSONAL_DATA_CONSENT_SLUG } from '@contract/api/auth';
import type { Database } from '../../db/client';
import { consents, pages, users, type ConsentKind } from '../../db/schema/index';
import type { Clock } from '../../deps';
import { ERROR_CODES } from '@contract/api/values';
import { conflict, invalidField, unauthorized } from '../../plugins/errors';
import { queueMail } from '../../integrations/mail/queue';
import { confirmAddedEmail } from './email-addition';
import { issueEmailToken, spendEmailToken } from './email-tokens';
import { hashPassword } from '../../shared/passwords';
import { createSession } from './service';
import { VERIFICATION_MESSAGES, confirmationUrl } from './email-tokens';

export const ALREADY_CONFIRMED = 'Адрес электронной почты уже подтверждён';

/** Where a consent was given: proof kept with it (152-FZ). */
export interface RequestOrigin {
  ip: string;
  userAgent: string;
  /** The browser's own value (browsers.ts), remembered with the session it opens. */
  browser?: string;
}

interface Ctx {
  db: Database;
  clock: Clock;
  publicUrl: string;
}

const MAX_USER_AGENT = 512;

/** The version of a document as published now (the seed always writes one). */
export async function documentVersion(db: Database, slug: string): Promise<string> {
  const [page] = await db
    .select({ version: pages.version })
    .from(pages)
    .where(eq(pages.slug, slug))
    .limit(1);
  // The seed always writes the document; '1' is the schema's own default version.
  return page?.version ?? '1';
}

export async function registerParent({
  db,
  clock,
  publicUrl,
  input,
  origin,
  referrerCode,
  signupQuery,
}: Ctx & {
  input: { email: string; password: string; name: string; consent_mailing?: boolean | undefined };
  origin: RequestOrigin;
  referrerCode: string | null;
  signupQuery: Record<string, string> | null;
}): Promise<string> {
  const [existing] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, input.email))
    .limit(1);
  // The one place an address is said to be taken: a sign-up form cannot hide it (rate-limited).
  if (existing) throw invalidField('email', EMAIL_TAKEN, ERROR_CODES.emailTaken);

  const passwordHash = await hashPassword(input.password);
  const now = clock();
  const userAgent = origin.userAgent.slice(0, MAX_USER_AGENT);

  return db.transaction(async (tx) => {
    const [user] = await tx
      .insert(users)
      .values({
        email: input.email,
        passwordHash,
        name: input.name,
        referrerCode,
        signupQuery,
        createdAt: now,
        updatedAt: now,
      })
      // Two sign-ups with one address at the same moment: the second hears the same answer.
      .onConflictDoNothing({ target: users.email })
      .returning({ id: users.id });
    if (!user) throw invalidField('email', EMAIL_TAKEN, ERROR_CODES.emailTaken);

    const consent = (kind: ConsentKind, documentSlug: string, version: string) => ({
      userId: user.id,
      kind,
      documentSlug,
      documentVersion: version,
      ip: origin.ip,
      userAgent,
      givenAt: now,
    });
    const consentRows = [
      consent(
        'personal_data',
        PERSONAL_DATA_CONSENT_SLUG,
        await documentVersion(tx, PERSONAL_DATA_CONSENT_SLUG),
      ),
    ];
    if (input.consent_mailing) {
      consentRows.push(consent('mailing', MAILING_CONSENT.slug, MAILING_CONSENT.version));
    }
    await tx.insert(consents).values(consentRows);

    await sendConfirmation({ db: tx, clock, publicUrl, userId: user.id });
    return createSession({ db: tx, clock, userId: user.id, browser: origin.browser });
  });
}

async function sendConfirmation({ db, clock, publicUrl, userId }: Ctx & { userId: number }) {
  const [user] = await db
    .select({ email: users.email, name: users.name })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!user) throw unauthorized();
  const token = await issueEmailToken({ db, clock, userId, purpose: 'verify_email' });
  await queueMail(db, {
    template: 'confirmation',
    to: user.email,
    data: { name: user.name, url: confirmationUrl(publicUrl, token) },
  });
}

/**
 * Follows the confirmation link (of registration, or of an address added in the profile); the first
 * confirmation also sends the welcome mail.
 */
export async function verifyEmail({
  db,
  clock,
  token,
}: Omit<Ctx, 'publicUrl'> & { token: string }): Promise<void> {
  await db.transaction(async (tx) => {
    const result = await spendEmailToken({ db: tx, clock, token, purpose: 'verify_email' });
    if (result.status === 'unknown') {
      // The same page confirms an address added in the profile (./email-addition.ts).
      const added = await spendEmailToken({ db: tx, clock, token, purpose: 'add_email' });
      if (added.status !== 'unknown') return confirmAddedEmail(tx, clock, added);
      throw invalidField('verified_token', VERIFICATION_MESSAGES.unknown);
    }
    const [user] = await tx
      .select({ email: users.email, name: users.name, verifiedAt: users.emailVerifiedAt })
      .from(users)
      .where(eq(users.id, result.userId))
      .limit(1);
    if (!user) throw invalidField('verified_token', VERIFICATION_MESSAGES.unknown);
    if (result.status === 'used') {
      throw invalidField(
        'verified_token',
        user.verifiedAt ? VERIFICATION_MESSAGES.alreadyConfirmed : VERIFICATION_MESSAGES.used,
      );
    }
    if (result.status === 'expired') {
      throw invalidField('verified_token', VERIFICATION_MESSAGES.expired);
    }
    if (user.verifiedAt) return;
    const now = clock();
    const [confirmed] = await tx
      .update(users)
      .set({ emailVerifiedAt: now, updatedAt: now })
      .where(and(eq(users.id, result.userId), isNull(users.emailVerifiedAt)))
      .returning({ id: users.id });
    if (confirmed) {
      await queueMail(tx, { template: 'welcome', to: user.email, data: { name: user.name } });
    }
  });
}

/** A new confirmation link for the signed-in parent; earlier links keep working until they expire. */
export async function resendConfirmation({
  db,
  clock,
  publicUrl,
  userId,
}: Ctx & { userId: number }): Promise<void> {
  const [user] = await db
    .select({ verifiedAt: users.emailVerifiedAt })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!user) throw unauthorized();
  if (user.verifiedAt) throw conflict(ALREADY_CONFIRMED);
  await db.transaction((tx) => sendConfirmation({ db: tx, clock, publicUrl, userId }));
}
