// Social sign-in (ARCHITECTURE §4, CONTRACTS §3): start → provider → callback → one-time usertoken.
// The in-flight sign-in lives in oauth_states (hashed state, PKCE verifier, the linking parent), so any
// instance can finish what another started; the state is single-use and lives 10 minutes. It is bound to
// the browser that started it: the row is keyed by the hash of the state together with that browser's
// binding cookie (./cookies.ts), so the callback finds it only in that browser.
import { and, eq, lt } from 'drizzle-orm';
import { PERSONAL_DATA_CONSENT_SLUG, type SocialNetwork } from '@contract/api/auth';
import {
  LINKED_QUERY,
  PLACEHOLDER_EMAIL_DOMAIN,
  SOCIAL_ERROR_QUERY,
  type SocialError,
} from '@contract/api/oauth';
import type { Database } from '../../db/client';
import { consents, oauthStates, pages, socialAccounts, users } from '../../db/schema/index';
import type { Clock } from '../../deps';
import { queueMail } from '../../integrations/mail/queue';
import { createCodeVerifier } from '../../integrations/oauth/pkce';
import type { SocialProfile } from '../../integrations/oauth/provider';
import { issueUserToken } from '../auth/service';
import { TOKEN_PATTERN, randomToken, sha256 } from '../auth/tokens';
import type { SocialProvider } from './providers';

export const OAUTH_STATE_TTL_MS = 10 * 60 * 1000;

/** Where the SPA shows the result of linking from the profile. */
export const PROFILE_PATH = '/personal/profile';

/** A name the provider did not give; the parent can change it in the profile. */
export const DEFAULT_PARENT_NAME = 'Родитель';

/** users.name and users.surname (and the profile form) take at most this many characters. */
export const NAME_MAX_LENGTH = 50;

interface Ctx {
  db: Database;
  clock: Clock;
}

/**
 * What oauth_states keeps for a state: the hash of the state and the browser's binding. Without the
 * binding cookie no row matches; the lookup compares hashes, so its timing tells nothing of the binding.
 */
export function stateHash(state: string, binding: string): string {
  return sha256(`${state}.${binding}`);
}

/**
 * Creates the in-flight sign-in and gives the provider's authorize URL. With `userId` (a signed-in parent)
 * the provider's account is linked to that parent instead of signing in; `binding` is the value of the
 * starting browser's binding cookie.
 */
export async function startSocialSignIn({
  db,
  clock,
  provider,
  userId,
  binding,
}: Ctx & { provider: SocialProvider; userId: number | null; binding: string }): Promise<string> {
  const now = clock();
  const state = randomToken();
  // Facebook's classic flow has no PKCE; the column still wants a value.
  const codeVerifier = provider.pkce ? createCodeVerifier() : '';
  // Abandoned sign-ins are swept here, on the way in: cheap (indexed) and needs no job.
  await db.delete(oauthStates).where(lt(oauthStates.expiresAt, now));
  await db.insert(oauthStates).values({
    stateHash: stateHash(state, binding),
    provider: provider.network,
    codeVerifier,
    userId,
    createdAt: now,
    expiresAt: new Date(now.getTime() + OAUTH_STATE_TTL_MS),
  });
  return provider.authorizeUrl({ state, codeVerifier });
}

/** What the provider put on our callback URL. */
export interface CallbackQuery {
  code?: string;
  state?: string;
  device_id?: string;
  error?: string;
}

export interface CallbackResult {
  /** Where the browser goes next (a path on our site). */
  location: string;
  /** The one-time code in `location`, which the browser also gets as a cookie. */
  usertoken?: string;
  /** Why it failed, for the log. */
  failure?: unknown;
}

interface ConsumedState {
  userId: number | null;
  codeVerifier: string;
}

/**
 * The state row of this browser, deleted as it is read (single use even under concurrent callbacks);
 * null if none — also when the state was started in another browser (no or another binding).
 */
async function consumeState(
  { db, clock }: Ctx,
  network: SocialNetwork,
  state: string | undefined,
  binding: string | undefined,
): Promise<ConsumedState | null> {
  if (state === undefined || !TOKEN_PATTERN.test(state)) return null;
  if (binding === undefined || !TOKEN_PATTERN.test(binding)) return null;
  const [row] = await db
    .delete(oauthStates)
    .where(
      and(eq(oauthStates.stateHash, stateHash(state, binding)), eq(oauthStates.provider, network)),
    )
    .returning({
      userId: oauthStates.userId,
      codeVerifier: oauthStates.codeVerifier,
      expiresAt: oauthStates.expiresAt,
    });
  if (!row || row.expiresAt.getTime() <= clock().getTime()) return null;
  return { userId: row.userId, codeVerifier: row.codeVerifier };
}

function errorLocation(code: SocialError, linking: boolean): string {
  return `${linking ? PROFILE_PATH : '/'}?${SOCIAL_ERROR_QUERY}=${code}`;
}

/**
 * The provider's return: checks the state (and that this browser started it), exchanges the code, reads
 * the profile and signs in, links or creates the parent. Every expected outcome is a redirect the SPA
 * understands; only our own failures (the database) throw.
 */
export async function finishSocialSignIn(
  ctx: Ctx & {
    provider: SocialProvider;
    query: CallbackQuery;
    /** The binding cookie of the browser on the callback; undefined when it has none. */
    binding: string | undefined;
    ip: string;
    userAgent: string;
  },
): Promise<CallbackResult> {
  const { provider, query } = ctx;
  const consumed = await consumeState(ctx, provider.network, query.state, ctx.binding);
  const linking = consumed?.userId != null;
  if (query.error !== undefined) {
    // CONTRACTS §3: a refusal is error=access_denied; anything else is the provider's trouble.
    const code = query.error === 'access_denied' ? 'denied' : 'failed';
    return { location: errorLocation(code, linking), failure: `provider error ${query.error}` };
  }
  if (!consumed || query.state === undefined) return { location: errorLocation('expired', false) };
  if (!query.code || (provider.network === 'vk' && !query.device_id)) {
    return { location: errorLocation('failed', linking), failure: 'callback without a code' };
  }
  let profile: SocialProfile;
  try {
    profile = await provider.fetchProfile({
      code: query.code,
      state: query.state,
      deviceId: query.device_id,
      codeVerifier: consumed.codeVerifier,
    });
  } catch (error) {
    return { location: errorLocation('failed', linking), failure: error };
  }

  const input = { network: provider.network, profile, ip: ctx.ip, userAgent: ctx.userAgent };
  if (consumed.userId !== null) {
    const code = await linkAccount(ctx, { ...input, userId: consumed.userId });
    return {
      location: code
        ? errorLocation(code, true)
        : `${PROFILE_PATH}?${LINKED_QUERY}=${provider.network}`,
    };
  }
  const outcome = await signInOrCreate(ctx, input);
  if (typeof outcome === 'string') return { location: errorLocation(outcome, false) };
  const usertoken = await issueUserToken({ db: ctx.db, clock: ctx.clock, userId: outcome.userId });
  return { location: `/?usertoken=${usertoken}`, usertoken };
}

interface ProfileInput {
  network: SocialNetwork;
  profile: SocialProfile;
  ip: string;
  userAgent: string;
}

/** What the school keeps of the person: the provider's id and the copies it shows in the profile. */
function socialData(profile: SocialProfile) {
  return {
    email: profile.email,
    name: [profile.firstName, profile.lastName].filter(Boolean).join(' ').slice(0, 200),
    avatar: profile.avatar,
  };
}

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/** The school's link to the provider's account, if any parent has it. */
async function findLink(tx: Tx, network: SocialNetwork, profile: SocialProfile) {
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
async function refreshLink(tx: Tx, linkId: number, profile: SocialProfile): Promise<void> {
  await tx.update(socialAccounts).set(socialData(profile)).where(eq(socialAccounts.id, linkId));
}

/** False when the provider's account is already linked (to someone else, a moment ago). */
async function insertLink(
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

/** Links the provider's account to a signed-in parent; an error code when it cannot be. */
async function linkAccount(
  { db, clock }: Ctx,
  { network, profile, userId }: ProfileInput & { userId: number },
): Promise<SocialError | null> {
  const now = clock();
  return db.transaction(async (tx) => {
    const existing = await findLink(tx, network, profile);
    if (existing && existing.userId !== userId) return 'linked_elsewhere';
    if (existing) {
      await refreshLink(tx, existing.id, profile);
      return null;
    }
    // One account per network and parent: linking another VK account replaces the old link.
    await tx
      .delete(socialAccounts)
      .where(and(eq(socialAccounts.userId, userId), eq(socialAccounts.provider, network)));
    // Someone linked the same account to another parent a moment ago.
    return (await insertLink(tx, { network, profile, userId, now })) ? null : 'linked_elsewhere';
  });
}

/** Thrown inside the transaction to roll it back when a concurrent sign-in created the same link. */
class LinkRace extends Error {}

/** The parent behind the provider's account: linked before, or made now. */
async function signInOrCreate(
  ctx: Ctx,
  input: ProfileInput,
): Promise<{ userId: number } | SocialError> {
  try {
    return await signInOrCreateOnce(ctx, input);
  } catch (error) {
    if (!(error instanceof LinkRace)) throw error;
    // The other request won; this time the link is there and signs in.
    return signInOrCreateOnce(ctx, input);
  }
}

async function signInOrCreateOnce(
  { db, clock }: Ctx,
  { network, profile, ip, userAgent }: ProfileInput,
): Promise<{ userId: number } | SocialError> {
  const now = clock();
  return db.transaction(async (tx) => {
    const linked = await findLink(tx, network, profile);
    if (linked) {
      await refreshLink(tx, linked.id, profile);
      return { userId: linked.userId };
    }

    // Never merge into an account that already has this e-mail (whoever controls the social account is
    // not proven to own the school account): the parent logs in there and links from the profile.
    const email = profile.email ?? placeholderEmail(network, profile.providerUserId);
    // The account's name, and the welcome mail's: the provider's may be longer than either allows.
    const name = (profile.firstName || DEFAULT_PARENT_NAME).slice(0, NAME_MAX_LENGTH);
    const [user] = await tx
      .insert(users)
      .values({
        email,
        passwordHash: null,
        name,
        surname: profile.lastName.slice(0, NAME_MAX_LENGTH),
        // Both providers give confirmed addresses only.
        emailVerifiedAt: profile.email ? now : null,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing({ target: users.email })
      .returning({ id: users.id });
    if (!user) return 'email_taken';

    if (!(await insertLink(tx, { network, profile, userId: user.id, now }))) throw new LinkRace();

    // The sign-in buttons carry the consent notice (152-FZ): pressing one to create an account is the
    // consent, recorded like the registration checkbox — document version, time, address.
    const [document] = await tx
      .select({ version: pages.version })
      .from(pages)
      .where(eq(pages.slug, PERSONAL_DATA_CONSENT_SLUG))
      .limit(1);
    await tx.insert(consents).values({
      userId: user.id,
      kind: 'personal_data',
      documentSlug: PERSONAL_DATA_CONSENT_SLUG,
      documentVersion: document?.version ?? '1',
      ip,
      userAgent: userAgent.slice(0, 500),
      givenAt: now,
    });
    if (profile.email) {
      await queueMail(tx, {
        template: 'welcome',
        to: profile.email,
        data: { name },
      });
    }
    return { userId: user.id };
  });
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
