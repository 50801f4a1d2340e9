// What both providers give the sign-in service, whatever their wire formats.
import { z } from 'zod';

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

/** Lower-cased and checked; anything that is not an address counts as no address. */
export function normaliseEmail(email: string | undefined): string | null {
  const value = email?.trim().toLowerCase();
  return value && value.length <= 254 && z.email().safeParse(value).success ? value : null;
}
