// The two providers as the sign-in service sees them, built from the configuration: base URLs point at
// the real VK ID and Facebook, or at the sandboxes of the demo.
import type { SocialNetwork } from '@contract/api/auth';
import type { Config } from '../../config';
import { createFacebookClient } from '../../integrations/oauth/facebook';
import type { SocialProfile } from '../../integrations/oauth/provider';
import { createVkIdClient } from '../../integrations/oauth/vk-id';

/** What the provider appended to our redirect_uri. */
export interface ProviderReturn {
  code: string;
  state: string;
  /** VK ID only. */
  deviceId?: string;
}

export interface SocialProvider {
  network: SocialNetwork;
  /** Whether the site offers this network now (Facebook is switchable, src/server/integrations/oauth/README.md). */
  enabled: boolean;
  /** Whether the provider wants a PKCE verifier (VK ID) or none (Facebook's classic flow). */
  pkce: boolean;
  authorizeUrl(input: { state: string; codeVerifier: string }): string;
  /** Code exchange and profile: two server-to-server calls. Throws OAuthProviderError. */
  fetchProfile(input: ProviderReturn & { codeVerifier: string }): Promise<SocialProfile>;
}

/** Where the provider sends the browser back; registered with the provider as is. */
export function callbackUrl(config: Config, network: SocialNetwork): string {
  return `${config.publicUrl}/api/auth/${network}-oauth/callback`;
}

export function socialProviders(config: Config): Record<SocialNetwork, SocialProvider> {
  const vk = createVkIdClient({ idUrl: config.vk.idUrl, clientId: config.vk.clientId });
  const fb = createFacebookClient({
    dialogUrl: config.fb.dialogUrl,
    graphUrl: config.fb.graphUrl,
    clientId: config.fb.clientId,
    clientSecret: config.fb.clientSecret,
  });
  const vkRedirect = callbackUrl(config, 'vk');
  const fbRedirect = callbackUrl(config, 'fb');
  return {
    vk: {
      network: 'vk',
      enabled: config.vk.enabled,
      pkce: true,
      authorizeUrl: ({ state, codeVerifier }) =>
        vk.authorizeUrl({ state, codeVerifier, redirectUri: vkRedirect }),
      fetchProfile: async ({ code, state, deviceId, codeVerifier }) => {
        const accessToken = await vk.exchangeCode({
          code,
          state,
          codeVerifier,
          deviceId: deviceId ?? '',
          redirectUri: vkRedirect,
        });
        return vk.profile(accessToken);
      },
    },
    fb: {
      network: 'fb',
      enabled: config.fb.enabled,
      pkce: false,
      authorizeUrl: ({ state }) => fb.authorizeUrl({ state, redirectUri: fbRedirect }),
      fetchProfile: async ({ code }) => {
        const accessToken = await fb.exchangeCode({ code, redirectUri: fbRedirect });
        return fb.profile(accessToken);
      },
    },
  };
}
