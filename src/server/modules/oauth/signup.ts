// The consent step of a social sign-up (152-FZ). A person new to the school comes back from VK ID or
// Facebook; no account is made then. What the provider vouched for waits in social_signups (30 minutes,
// the token hashed, the browser holding it in an HttpOnly cookie) until the person accepts the
// personal-data consent — then the account is made with the consents recorded as at e-mail
// registration — or refuses, which deletes the row: nothing of them stays.
import { and, eq, gt } from 'drizzle-orm';
import {
  MAILING_CONSENT,
  PERSONAL_DATA_CONSENT_SLUG,
  type SocialNetwork,
} from '@contract/api/auth';
import { PLACEHOLDER_EMAIL_DOMAIN } from '@contract/api/oauth';
import { ERROR_CODES } from '@contract/api/values';
import type { Database } from '../../db/client';
import { consents, socialSignups, users, type ConsentKind } from '../../db/schema/index';
import type { Clock } from '../../deps';
import { queueMail } from '../../integrations/mail/queue';
import type { SocialProfile } from '../../integrations/oauth/provider';
import { invalidField } from '../../plugins/errors';
import { documentVersion, type RequestOrigin } from '../auth';
import { createSession } from '../auth';
import { TOKEN_PATTERN, randomToken, sha256 } from '../auth';
import { findLink, insertLink, type Tx } from './provider-links';

/** Long enough to read the consent text, short enough that a refusal by walking away soon leaves nothing. */
export const SOCIAL_SIGNUP_TTL_MS = 30 * 60 * 1000;

/** A name the provider did not give; the parent can change it in the profile. */
export const DEFAULT_PARENT_NAME = 'Родитель';

/** users.name and users.surname (and the profile form) take at most this many characters. */
export const NAME_MAX_LENGTH = 50;

export const SOCIAL_SIGNUP_EXPIRED =
  'Время на регистрацию истекло или она уже завершена. Нажмите кнопку входа через соцсеть ещё раз.';
export const SOCIAL_EMAIL_TAKEN =
  'Этот адрес почты уже зарегистрирован в Школе Умняшек. Войдите с паролем, а потом привяжите соцсеть в профиле.';

const expired = () =>
  invalidField('social_signup', SOCIAL_SIGNUP_EXPIRED, ERROR_CODES.socialSignupExpired);

interface Ctx {
  db: Database;
  clock: Clock;
}

/** Keeps what the provider gave for the consent step; the token goes to the browser's cookie. */
export async function createPendingSignup(
  tx: Tx,
  { network, profile, now }: { network: SocialNetwork; profile: SocialProfile; now: Date },
): Promise<string> {
  const token = randomToken();
  await tx.insert(socialSignups).values({
    tokenHash: sha256(token),
    provider: network,
    providerUserId: profile.providerUserId,
    email: profile.email,
    firstName: profile.firstName,
    lastName: profile.lastName,
    avatar: profile.avatar,
    createdAt: now,
    expiresAt: new Date(now.getTime() + SOCIAL_SIGNUP_TTL_MS),
  });
  return token;
}

/** The account's name: the provider's may be longer than the profile allows. */
const accountName = (firstName: string) =>
  (firstName || DEFAULT_PARENT_NAME).slice(0, NAME_MAX_LENGTH);

/** Who is about to join, as the consent step shows it; refused when the token is not a live one. */
export async function showPendingSignup({ db, clock, token }: Ctx & { token: string | undefined }) {
  if (token === undefined || !TOKEN_PATTERN.test(token)) throw expired();
  const [row] = await db
    .select()
    .from(socialSignups)
    .where(and(eq(socialSignups.tokenHash, sha256(token)), gt(socialSignups.expiresAt, clock())))
    .limit(1);
  if (!row) throw expired();
  return {
    network: row.provider,
    name: accountName(row.firstName),
    surname: row.lastName.slice(0, NAME_MAX_LENGTH),
    email: row.email,
  };
}

/** The refusal: the pending sign-up goes, whether or not it was still there. */
export async function cancelPendingSignup({
  db,
  token,
}: {
  db: Database;
  token: string | undefined;
}) {
  if (token === undefined || !TOKEN_PATTERN.test(token)) return;
  await db.delete(socialSignups).where(eq(socialSignups.tokenHash, sha256(token)));
}

/**
 * The consent given: the account is made, linked to the provider's account, the consents recorded, and a
 * session opened. If the same provider account was linked meanwhile (accepted in another tab), that
 * parent is signed in and nothing new is made.
 */
export async function acceptPendingSignup({
  db,
  clock,
  token,
  consentMailing,
  origin,
  referrerCode,
}: Ctx & {
  token: string | undefined;
  consentMailing: boolean;
  origin: RequestOrigin;
  referrerCode: string | null;
}): Promise<string> {
  if (token === undefined || !TOKEN_PATTERN.test(token)) throw expired();
  const now = clock();
  const outcome = await db.transaction(async (tx) => {
    // Read and deleted in one statement: two presses of «Принимаю» make one account.
    const [row] = await tx
      .delete(socialSignups)
      .where(eq(socialSignups.tokenHash, sha256(token)))
      .returning();
    // An expired row is deleted all the same (committed): it was only waiting to be swept.
    if (!row || row.expiresAt.getTime() <= now.getTime()) return 'expired' as const;
    const profile: SocialProfile = {
      providerUserId: row.providerUserId,
      firstName: row.firstName,
      lastName: row.lastName,
      email: row.email,
      avatar: row.avatar,
    };
    const linked = await findLink(tx, row.provider, profile);
    const browser = origin.browser;
    if (linked) {
      return { session: await createSession({ db: tx, clock, userId: linked.userId, browser }) };
    }

    const name = accountName(row.firstName);
    const [user] = await tx
      .insert(users)
      .values({
        email: row.email ?? placeholderEmail(row.provider, row.providerUserId),
        passwordHash: null,
        name,
        surname: row.lastName.slice(0, NAME_MAX_LENGTH),
        // Both providers give confirmed addresses only.
        emailVerifiedAt: row.email ? now : null,
        referrerCode,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing({ target: users.email })
      .returning({ id: users.id });
    // Someone registered this address while the person read the consent.
    if (!user) return 'email_taken' as const;
    if (!(await insertLink(tx, { network: row.provider, profile, userId: user.id, now }))) {
      return 'expired' as const;
    }
    await tx.insert(consents).values(await consentRows(tx, user.id, consentMailing, origin, now));
    if (row.email) await queueMail(tx, { template: 'welcome', to: row.email, data: { name } });
    return { session: await createSession({ db: tx, clock, userId: user.id, browser }) };
  });
  if (outcome === 'expired') throw expired();
  if (outcome === 'email_taken') {
    throw invalidField('email', SOCIAL_EMAIL_TAKEN, ERROR_CODES.emailTaken);
  }
  return outcome.session;
}

/** The same proof as the registration form keeps: document, version, time, address and browser. */
async function consentRows(
  tx: Tx,
  userId: number,
  mailing: boolean,
  origin: RequestOrigin,
  now: Date,
) {
  const row = (kind: ConsentKind, documentSlug: string, version: string) => ({
    userId,
    kind,
    documentSlug,
    documentVersion: version,
    ip: origin.ip,
    userAgent: origin.userAgent.slice(0, 512),
    givenAt: now,
  });
  const rows = [
    row(
      'personal_data',
      PERSONAL_DATA_CONSENT_SLUG,
      await documentVersion(tx, PERSONAL_DATA_CONSENT_SLUG),
    ),
  ];
  if (mailing) rows.push(row('mailing', MAILING_CONSENT.slug, MAILING_CONSENT.version));
  return rows;
}

/**
 * users.email is required and unique; a person who gave no e-mail gets an address in a reserved domain
 * that never receives mail. The random part keeps it free even if an older account used this id.
 */
function placeholderEmail(network: SocialNetwork, providerUserId: string): string {
  const id = providerUserId
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '')
    .slice(0, 40);
  return `${network}-${id}-${randomToken().slice(0, 8).toLowerCase()}@${PLACEHOLDER_EMAIL_DOMAIN}`;
}
