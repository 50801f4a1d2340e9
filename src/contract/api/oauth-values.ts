// Plain values of social sign-in, free of zod (the landing handles `?social_error=` in the entry chunk).
import type { SocialNetwork } from './auth';

export const SOCIAL_NETWORK_TITLES: Record<SocialNetwork, string> = {
  vk: 'VK ID',
  fb: 'Facebook',
};

/**
 * `?social_error=<code>` on `/` (sign-in) or on `/personal/profile` (linking from the profile):
 * - `denied` — the parent pressed «Отмена» (or refused the permissions) at the provider;
 * - `failed` — the provider or the network failed; trying again later may help;
 * - `expired` — the sign-in took longer than 10 minutes, was already finished, or did not start here;
 * - `email_taken` — a new social account brings an e-mail that already has an account here: we never merge
 *   silently, the parent logs in with that account and links the network in the profile;
 * - `linked_elsewhere` — (linking) this social account is already linked to another parent;
 * - `disabled` — sign-in through this network is switched off on this site.
 */
export const SOCIAL_ERRORS = [
  'denied',
  'failed',
  'expired',
  'email_taken',
  'linked_elsewhere',
  'disabled',
] as const;
export type SocialError = (typeof SOCIAL_ERRORS)[number];

/** Suggested texts for the SPA; the server never shows them itself. */
export const SOCIAL_ERROR_MESSAGES: Record<SocialError, string> = {
  denied: 'Вход отменён: доступ к данным не был разрешён.',
  failed: 'Не удалось войти через социальную сеть. Попробуйте ещё раз чуть позже.',
  expired: 'Время на вход истекло. Нажмите кнопку входа ещё раз.',
  email_taken:
    'Этот адрес почты уже зарегистрирован. Войдите с паролем и привяжите социальную сеть в профиле.',
  linked_elsewhere: 'Этот аккаунт социальной сети уже привязан к другому профилю.',
  disabled: 'Вход через эту социальную сеть сейчас недоступен.',
};

/**
 * `/?social_signup=<network>`: a person new to the school is back from the provider. No account exists
 * yet; the SPA shows the consent step (GET, then POST or cancel `/auth/social-signup`).
 */
export const SOCIAL_SIGNUP_QUERY = 'social_signup';

/** `/personal/profile?linked=<network>` after a successful link. */
export const LINKED_QUERY = 'linked';
export const SOCIAL_ERROR_QUERY = 'social_error';

/**
 * Accounts made by social sign-in without an e-mail from the provider get a placeholder address in this
 * reserved domain (users.email is required and unique). It never receives mail and is never shown: the
 * profile offers to add an address, the back office says «нет почты».
 */
export const PLACEHOLDER_EMAIL_DOMAIN = 'no-email.invalid';
export const isPlaceholderEmail = (email: string): boolean =>
  email.endsWith(`@${PLACEHOLDER_EMAIL_DOMAIN}`);

/** The network whose sign-up made a placeholder address (`vk-…@no-email.invalid`); null for a real one. */
export function placeholderNetwork(email: string): SocialNetwork | null {
  if (!isPlaceholderEmail(email)) return null;
  if (email.startsWith('vk-')) return 'vk';
  if (email.startsWith('fb-')) return 'fb';
  return null;
}

/** How the back office names an account's missing address: «нет почты (вход через VK ID)». */
export function noEmailLabel(email: string): string {
  const network = placeholderNetwork(email);
  return network ? `нет почты (вход через ${SOCIAL_NETWORK_TITLES[network]})` : 'нет почты';
}
