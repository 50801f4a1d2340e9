import { isPlaceholderEmail, noEmailLabel } from '@contract/api/oauth-values';
import { displayEmail } from '@contract/email';

/**
 * A social account that shared no address has a stand-in one in the database; staff read why instead. A
 * Cyrillic domain is read as people write it, not in the punycode it is stored in.
 */
export function shownEmail(email: string): string {
  return isPlaceholderEmail(email) ? noEmailLabel(email) : displayEmail(email);
}
