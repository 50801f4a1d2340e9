import type { Profile } from '@contract/api/auth';

/**
 * How many children the family may have. The server decides (its `childSlots`, 409 on child/store);
 * this mirrors its rule so the screen can say so before the parent fills the form: one child per family
 * until slots come with tariffs, then the tariff's number of children.
 */
export function childSlots(profile: Pick<Profile, 'subscription'>): number {
  return Math.max(1, profile.subscription?.amount_children ?? 1);
}

export function hasFreeSlot(profile: Pick<Profile, 'subscription' | 'children'>): boolean {
  return profile.children.length < childSlots(profile);
}
