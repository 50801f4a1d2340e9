// Invite a friend (docs/PRODUCT.md «Invite a friend»): the owner's own link, whom it brought and the days
// it gave. Types only from the contract: its schema module would pull zod into the app's start.
import { useQuery } from '@tanstack/react-query';
import type { Referral } from '@contract/api/referrals';
import { api } from './client';

export type { InvitedFamily, Referral, ReferralState } from '@contract/api/referrals';

export const referralKey = ['referral'] as const;

/** GET profile/referral: only the family's owner has one (a caregiver is answered 403 `owner_only`). */
export function useReferral(enabled = true) {
  return useQuery({
    queryKey: referralKey,
    queryFn: async () => (await api.get<{ data: Referral }>('profile/referral')).data.data,
    enabled,
  });
}
