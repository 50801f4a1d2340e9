import { TOKEN_STORAGE_KEY } from '@contract/ssr';

/** Keys of the browser storage the school uses (docs/PRODUCT.md «Product rules»). */
export const STORAGE_KEYS = {
  token: TOKEN_STORAGE_KEY,
  payAfter: 'pay_after',
  lastPayAfter: 'last_pay_after',
  sendGift: 'send-gift',
  referrerCode: 'referrer_code',
  // A caregiver's invitation link, kept while its invitee signs in or registers.
  familyInvite: 'family_invite',
} as const;

/** sessionStorage flag: the page already reloaded once after a failed chunk load. */
export const CHUNK_RELOAD_FLAG = 'chunk-reload-attempted';

export function readStorage(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    // Private mode or storage disabled: behave as if nothing is stored.
    return null;
  }
}

export function writeStorage(key: string, value: string): void {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    // Storage unavailable: the session lives only in memory for this tab.
  }
}

export function removeStorage(key: string): void {
  try {
    window.localStorage.removeItem(key);
  } catch {
    // Nothing to remove when storage is unavailable.
  }
}

/** A list kept as JSON under `key`: what `isItem` accepts of it, nothing when absent or unreadable. */
export function readList<T>(key: string, isItem: (value: unknown) => value is T): T[] {
  try {
    const parsed: unknown = JSON.parse(readStorage(key) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter(isItem) : [];
  } catch {
    return [];
  }
}

/** Keeps `items` as JSON under `key`; an empty list removes the key. */
export function writeList(key: string, items: readonly unknown[]): void {
  if (items.length === 0) removeStorage(key);
  else writeStorage(key, JSON.stringify(items));
}
