// Social sign-in (VK ID, Facebook): the calls of docs/ARCHITECTURE.md and the codes the server puts in the
// address bar when it sends the browser back to the SPA.
import { z } from 'zod';
import { dataOf } from './common';
import { SOCIAL_NETWORKS } from './auth';

// Plain values live in ./oauth-values so the browser's entry chunk can use them without zod.
export * from './oauth-values';

/** `GET /auth/vk-oauth`, `GET /auth/fb-oauth` → the provider's authorize page to open. */
export const oauthUrlResponse = dataOf(z.object({ url: z.string() }));
export type OAuthUrlResponse = z.infer<typeof oauthUrlResponse>;

/**
 * `GET /auth/social-signup`: who is about to join, for the consent step — what the provider gave. The
 * pending sign-up is found by the HttpOnly cookie its callback set; nothing is stored as an account yet.
 */
export const socialSignupResponse = dataOf(
  z.object({
    network: z.enum(SOCIAL_NETWORKS),
    name: z.string(),
    surname: z.string(),
    /** null when the person shared no address. */
    email: z.string().nullable(),
  }),
);
export type SocialSignupResponse = z.infer<typeof socialSignupResponse>;

export const SOCIAL_SIGNUP_NO_CONSENT =
  'Без согласия на обработку персональных данных зарегистрироваться нельзя';

/** `POST /auth/social-signup`: the consents, as at e-mail registration; the account is made now. */
export const socialSignupBody = z.object({
  consent_personal_data: z.literal(true, { error: SOCIAL_SIGNUP_NO_CONSENT }),
  consent_mailing: z.boolean().optional(),
});
export type SocialSignupBody = z.input<typeof socialSignupBody>;

/** `GET /profile/unbind-social-network?social_network=vk|fb`. */
export const unbindSocialQuery = z.object({
  social_network: z.enum(SOCIAL_NETWORKS, { error: 'Укажите социальную сеть: vk или fb' }),
});

/** Facebook's data-deletion callback reply (src/server/integrations/oauth/README.md). */
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
