// VK ID (OAuth 2.1 with PKCE), src/server/integrations/oauth/README.md. Plain fetch rather than arctic's OAuth2Client: the code
// exchange needs device_id and state in the form and no Basic credentials, which arctic cannot send.
import { z } from 'zod';
import { getField, providerError } from './errors';
import { postForm } from './http';
import { s256Challenge } from './pkce';
import { OAuthProviderError, normaliseEmail, type SocialProfile } from './provider';

export interface VkIdOptions {
  /** https://id.vk.com, or the sandbox at `${PUBLIC_URL}/sandbox/oauth/vk`; no trailing slash. */
  idUrl: string;
  clientId: string;
}

/** What VK ID appends to our redirect_uri besides code and state. */
export interface VkCallbackExtras {
  deviceId: string;
}

const tokenResponse = z.object({
  access_token: z.string().min(1),
  user_id: z.union([z.number(), z.string()]).optional(),
  state: z.string().optional(),
});

const userInfoResponse = z.object({
  user: z.object({
    user_id: z.union([z.number(), z.string()]),
    first_name: z.string().optional(),
    last_name: z.string().optional(),
    avatar: z.string().optional(),
    email: z.string().optional(),
  }),
});

export function createVkIdClient(options: VkIdOptions) {
  const { idUrl, clientId } = options;
  return {
    authorizeUrl(input: { state: string; codeVerifier: string; redirectUri: string }): string {
      const url = new URL(`${idUrl}/authorize`);
      url.search = new URLSearchParams({
        response_type: 'code',
        client_id: clientId,
        redirect_uri: input.redirectUri,
        state: input.state,
        code_challenge: s256Challenge(input.codeVerifier),
        // VK ID spells the method in lower case (src/server/integrations/oauth/README.md).
        code_challenge_method: 's256',
        scope: 'email',
      }).toString();
      return url.toString();
    },

    /** The code from the redirect → an access token (POST /oauth2/auth). */
    async exchangeCode(input: {
      code: string;
      codeVerifier: string;
      deviceId: string;
      state: string;
      redirectUri: string;
    }): Promise<string> {
      const { status, body } = await postForm(`${idUrl}/oauth2/auth`, {
        grant_type: 'authorization_code',
        code: input.code,
        code_verifier: input.codeVerifier,
        client_id: clientId,
        device_id: input.deviceId,
        redirect_uri: input.redirectUri,
        state: input.state,
      });
      // VK ID may put an error body behind any status, 200 included: the body decides.
      if (getField(body, 'error') !== undefined) throw providerError('VK ID token', status, body);
      const parsed = tokenResponse.safeParse(body);
      if (status !== 200 || !parsed.success) throw providerError('VK ID token', status, body);
      if (parsed.data.state !== undefined && parsed.data.state !== input.state) {
        throw new OAuthProviderError('VK ID token: the state in the answer is not ours');
      }
      return parsed.data.access_token;
    },

    /** The person behind an access token (POST /oauth2/user_info). */
    async profile(accessToken: string): Promise<SocialProfile> {
      const { status, body } = await postForm(`${idUrl}/oauth2/user_info`, {
        client_id: clientId,
        access_token: accessToken,
      });
      if (getField(body, 'error') !== undefined)
        throw providerError('VK ID user_info', status, body);
      const parsed = userInfoResponse.safeParse(body);
      if (status !== 200 || !parsed.success) throw providerError('VK ID user_info', status, body);
      const { user } = parsed.data;
      return {
        providerUserId: String(user.user_id),
        firstName: user.first_name?.trim() ?? '',
        lastName: user.last_name?.trim() ?? '',
        email: normaliseEmail(user.email),
        avatar: user.avatar || null,
      };
    },
  };
}

export type VkIdClient = ReturnType<typeof createVkIdClient>;
