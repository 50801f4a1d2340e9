// Codes and access tokens of the sandbox providers, with no process memory (several instances may serve
// the demo): their content is signed with a key derived from the client secret, and a code's single use
// is a row in oauth_states — inserted when the code is issued, deleted when it is redeemed.
// Those rows cannot be taken for our own sign-in states: their hash input is not a 43-character token.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { SocialNetwork } from '@contract/api/auth';
import type { Database } from '../../db/client';
import { oauthStates } from '../../db/schema/index';
import type { Clock } from '../../deps';
import { sha256 } from '../../modules/auth/tokens';

export const CODE_TTL_MS = 10 * 60 * 1000;
export const ACCESS_TOKEN_TTL_MS = 60 * 60 * 1000;

export interface CodeGrant {
  kind: 'code';
  person: string;
  clientId: string;
  redirectUri: string;
  scope: string[];
  /** VK ID: the PKCE challenge and the device the code was given to. */
  codeChallenge?: string;
  deviceId?: string;
  jti: string;
  expiresAt: number;
}

export interface AccessGrant {
  kind: 'access';
  person: string;
  clientId: string;
  scope: string[];
  expiresAt: number;
}

type Grant = CodeGrant | AccessGrant;

export function grantSigner(network: SocialNetwork, clientSecret: string) {
  const key = createHmac('sha256', `umnyashki-oauth-sandbox:${network}`)
    .update(clientSecret)
    .digest();
  const mac = (data: string) => createHmac('sha256', key).update(data).digest();
  return {
    sign(grant: Grant): string {
      const body = Buffer.from(JSON.stringify(grant)).toString('base64url');
      return `${body}.${mac(body).toString('base64url')}`;
    },
    /** The grant when the signature is ours and it has not expired; null otherwise. */
    verify<K extends Grant['kind']>(
      value: string,
      kind: K,
      now: number,
    ): Extract<Grant, { kind: K }> | null {
      const [body, signature, extra] = value.split('.');
      if (!body || !signature || extra !== undefined) return null;
      const given = Buffer.from(signature, 'base64url');
      const expected = mac(body);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      let grant: Grant;
      try {
        grant = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as Grant;
      } catch {
        return null;
      }
      if (grant.kind !== kind || grant.expiresAt <= now) return null;
      return grant as Extract<Grant, { kind: K }>;
    },
  };
}

export type GrantSigner = ReturnType<typeof grantSigner>;

const codeKey = (jti: string) => sha256(`sandbox-code:${jti}`);

export function newJti(): string {
  return randomBytes(16).toString('base64url');
}

/** Remembers an issued code until it is redeemed or expires. */
export async function rememberCode(
  { db, clock }: { db: Database; clock: Clock },
  network: SocialNetwork,
  grant: CodeGrant,
): Promise<void> {
  await db.insert(oauthStates).values({
    stateHash: codeKey(grant.jti),
    provider: network,
    codeVerifier: '',
    userId: null,
    createdAt: clock(),
    expiresAt: new Date(grant.expiresAt),
  });
}

/** True the first time a code is redeemed, false ever after (deleted as it is read). */
export async function redeemCode(
  db: Database,
  network: SocialNetwork,
  grant: CodeGrant,
): Promise<boolean> {
  const rows = await db
    .delete(oauthStates)
    .where(and(eq(oauthStates.stateHash, codeKey(grant.jti)), eq(oauthStates.provider, network)))
    .returning({ id: oauthStates.id });
  return rows.length > 0;
}
