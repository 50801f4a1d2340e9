// Social sign-in (docs/ARCHITECTURE.md, src/server/integrations/oauth/README.md): start → provider → callback → one-time usertoken, or,
// for a person new to the school, the consent step (./signup.ts) before any account exists.
// The in-flight sign-in lives in oauth_states (hashed state, PKCE verifier, the linking parent), so any
// instance can finish what another started; the state is single-use and lives 10 minutes. It is bound to
// the browser that started it: the row is keyed by the hash of the state together with that browser's
// binding cookie (auth/sign-in-cookies.ts), so the callback finds it only in that browser.
import { and, eq, lt } from 'drizzle-orm';
import type { SocialNetwork } from '@contract/api/auth';
import {
  LINKED_QUERY,
  SOCIAL_ERROR_QUERY,
  SOCIAL_SIGNUP_QUERY,
  type SocialError,
} from '@contract/api/oauth';
import type { Database } from '../../db/client';
import { oauthStates, socialAccounts, socialSignups, users } from '../../db/schema/index';
import type { Clock } from '../../deps';
import { createCodeVerifier } from '../../integrations/oauth/pkce';
import type { SocialProfile } from '../../integrations/oauth/provider';
import { issueUserToken } from '../auth';
import { TOKEN_PATTERN, randomToken, sha256 } from '../auth';
import type { SocialProvider } from './providers';
import { findLink, insertLink, refreshLink, type Tx } from './provider-links';
import { createPendingSignup } from './signup';

export const OAUTH_STATE_TTL_MS = 10 * 60 * 1000;

/** Where the SPA shows the result of linking from the profile. */
export const PROFILE_PATH = '/personal/profile';

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
  await db.delete(socialSignups).where(lt(socialSignups.expiresAt, now));
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
  /** A new person's pending sign-up, kept in the browser's HttpOnly cookie until the consent step. */
  signupToken?: string;
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
 * the profile and signs in, links, or sends a new person to the consent step. Every expected outcome is a redirect the SPA
 * understands; only our own failures (the database) throw.
 */
export async function finishSocialSignIn(
  ctx: Ctx & {
    provider: SocialProvider;
    query: CallbackQuery;
    /** The binding cookie of the browser on the callback; undefined when it has none. */
    binding: string | undefined;
  },
): Promise<CallbackResult> {
  const { provider, query } = ctx;
  const consumed = await consumeState(ctx, provider.network, query.state, ctx.binding);
  const linking = consumed?.userId != null;
  if (query.error !== undefined) {
    // src/server/integrations/oauth/README.md: a refusal is error=access_denied; anything else is the provider's trouble.
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

  const input = { network: provider.network, profile };
  if (consumed.userId !== null) {
    const code = await linkAccount(ctx, { ...input, userId: consumed.userId });
    return {
      location: code
        ? errorLocation(code, true)
        : `${PROFILE_PATH}?${LINKED_QUERY}=${provider.network}`,
    };
  }
  const outcome = await signInOrPend(ctx, input);
  if (typeof outcome === 'string') return { location: errorLocation(outcome, false) };
  if ('signupToken' in outcome) {
    return {
      location: `/?${SOCIAL_SIGNUP_QUERY}=${provider.network}`,
      signupToken: outcome.signupToken,
    };
  }
  const usertoken = await issueUserToken({ db: ctx.db, clock: ctx.clock, userId: outcome.userId });
  return { location: `/?usertoken=${usertoken}`, usertoken };
}

interface ProfileInput {
  network: SocialNetwork;
  profile: SocialProfile;
}

async function emailTaken(tx: Tx, email: string): Promise<boolean> {
  const [user] = await tx
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, email))
    .limit(1);
  return user !== undefined;
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

/**
 * The parent behind the provider's account when it is linked already; otherwise a pending sign-up that
 * waits for the consent step (./signup.ts) — no account is made before the person agrees.
 */
async function signInOrPend(
  { db, clock }: Ctx,
  { network, profile }: ProfileInput,
): Promise<{ userId: number } | { signupToken: string } | SocialError> {
  const now = clock();
  return db.transaction(async (tx) => {
    const linked = await findLink(tx, network, profile);
    if (linked) {
      await refreshLink(tx, linked.id, profile);
      return { userId: linked.userId };
    }
    // Never merge into an account that already has this e-mail (whoever controls the social account is
    // not proven to own the school account): the parent logs in there and links from the profile. Told
    // before the consent step, which would otherwise ask for nothing.
    if (profile.email !== null && (await emailTaken(tx, profile.email))) return 'email_taken';
    return { signupToken: await createPendingSignup(tx, { network, profile, now }) };
  });
}
