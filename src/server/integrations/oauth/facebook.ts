// Facebook Login (src/server/integrations/oauth/README.md): the dialog, the code exchange and /me of the Graph API.
// Plain fetch: the token call is a GET with the secret in the query, which arctic's client does not make.
import { createHmac } from 'node:crypto';
import { z } from 'zod';
import { getField, providerError } from './errors';
import { getJson } from './http';
import { normaliseEmail, type SocialProfile } from './provider';

export interface FacebookOptions {
  /** The whole dialog address: https://www.facebook.com/v19.0/dialog/oauth or the sandbox's. */
  dialogUrl: string;
  /** https://graph.facebook.com/v19.0 or the sandbox's; no trailing slash. */
  graphUrl: string;
  clientId: string;
  clientSecret: string;
}

const tokenResponse = z.object({ access_token: z.string().min(1) });
const meResponse = z.object({
  id: z.union([z.string(), z.number()]),
  name: z.string().optional(),
  email: z.string().optional(),
});

/**
 * appsecret_proof: Graph API calls signed with the app secret, so a leaked user token alone cannot be
 * used from elsewhere when the app turns on «Require App Secret».
 */
export function appSecretProof(accessToken: string, clientSecret: string): string {
  return createHmac('sha256', clientSecret).update(accessToken).digest('hex');
}

/** Graph gives one `name`; the school keeps a first name and a surname. */
export function splitName(name: string): { firstName: string; lastName: string } {
  const words = name.trim().split(/\s+/).filter(Boolean);
  return { firstName: words[0] ?? '', lastName: words.slice(1).join(' ') };
}

export function createFacebookClient(options: FacebookOptions) {
  const { dialogUrl, graphUrl, clientId, clientSecret } = options;
  return {
    authorizeUrl(input: { state: string; redirectUri: string }): string {
      const url = new URL(dialogUrl);
      for (const [key, value] of Object.entries({
        client_id: clientId,
        redirect_uri: input.redirectUri,
        state: input.state,
        response_type: 'code',
        scope: 'email',
      })) {
        url.searchParams.set(key, value);
      }
      return url.toString();
    },

    async exchangeCode(input: { code: string; redirectUri: string }): Promise<string> {
      const { status, body } = await getJson(`${graphUrl}/oauth/access_token`, {
        client_id: clientId,
        redirect_uri: input.redirectUri,
        client_secret: clientSecret,
        code: input.code,
      });
      const parsed = tokenResponse.safeParse(body);
      if (status !== 200 || getField(body, 'error') !== undefined || !parsed.success) {
        throw providerError('Facebook token', status, body);
      }
      return parsed.data.access_token;
    },

    async profile(accessToken: string): Promise<SocialProfile> {
      const { status, body } = await getJson(`${graphUrl}/me`, {
        fields: 'id,name,email',
        access_token: accessToken,
        appsecret_proof: appSecretProof(accessToken, clientSecret),
      });
      const parsed = meResponse.safeParse(body);
      if (status !== 200 || getField(body, 'error') !== undefined || !parsed.success) {
        throw providerError('Facebook /me', status, body);
      }
      const { id, name, email } = parsed.data;
      return {
        providerUserId: String(id),
        ...splitName(name ?? ''),
        email: normaliseEmail(email),
        avatar: null,
      };
    },
  };
}

export type FacebookClient = ReturnType<typeof createFacebookClient>;
