// What both providers give the sign-in service, whatever their wire formats.
import { normalizeEmail, storedEmailProblem } from '@contract/email';

/** A person as the provider describes them. */
export interface SocialProfile {
  /** The provider's id of the person (VK user_id, Facebook app-scoped id), always as text. */
  providerUserId: string;
  firstName: string;
  lastName: string;
  /** Only when the person granted it; both providers give confirmed addresses only. */
  email: string | null;
  avatar: string | null;
}

/**
 * The provider refused or failed: a bad answer, an error body, a timeout. The message is for the log
 * (never shown to a parent, never holds a secret).
 */
export class OAuthProviderError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'OAuthProviderError';
  }
}

/**
 * The school's stored form (lower case, the domain in punycode), so a provider's оля@почта.рф meets the
 * account registered by hand; anything that is not an address counts as no address.
 */
export function normaliseEmail(email: string | undefined): string | null {
  const value = email === undefined ? null : normalizeEmail(email);
  return value !== null && storedEmailProblem(value) === null ? value : null;
}
