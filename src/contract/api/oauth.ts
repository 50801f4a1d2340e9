// Social sign-in (VK ID, Facebook): the calls of ARCHITECTURE §4 and the codes the server puts in the
// address bar when it sends the browser back to the SPA.
import { z } from 'zod';
import { dataOf } from './common';
import { SOCIAL_NETWORKS } from './auth';

// Plain values live in ./oauth-values so the browser's entry chunk can use them without zod.
export * from './oauth-values';

/** `GET /auth/vk-oauth`, `GET /auth/fb-oauth` → the provider's authorize page to open. */
export const oauthUrlResponse = dataOf(z.object({ url: z.string() }));
export type OAuthUrlResponse = z.infer<typeof oauthUrlResponse>;

/** `GET /profile/unbind-social-network?social_network=vk|fb`. */
export const unbindSocialQuery = z.object({
  social_network: z.enum(SOCIAL_NETWORKS, { error: 'Укажите социальную сеть: vk или fb' }),
});

/** Facebook's data-deletion callback reply (CONTRACTS §3). */
export const fbDataDeletionResponse = z.object({
  url: z.string(),
  confirmation_code: z.string(),
});
export const fbDataDeletionBody = z.object({
  signed_request: z
    .string({ error: 'Нет параметра signed_request' })
    .min(1, 'Нет параметра signed_request')
    .max(8192, 'Слишком длинный signed_request'),
});
