// The grown-ups of a family (docs/PRODUCT.md «Grown-ups of a family»): the owner's list, invitations and
// removals; the invitee's acceptance. A pending invitation's token waits in storage while the invitee
// signs in or registers, so the link's work is finished after that.
import { useMutation, useQuery } from '@tanstack/react-query';
import type { Caregiver } from '@contract/api/caregivers';
import { api } from './client';
import { queryClient } from './query-client';
import { applyProfile } from './profile';
import { loadProfile } from './session';
import { readStorage, removeStorage, STORAGE_KEYS, writeStorage } from '../lib/storage-keys';

export type { Caregiver } from '@contract/api/caregivers';

const caregiversKey = ['caregivers'] as const;

export function useCaregivers(enabled = true) {
  return useQuery({
    queryKey: caregiversKey,
    queryFn: async () =>
      (await api.get<{ data: { caregivers: Caregiver[]; max: number } }>('profile/caregivers')).data
        .data,
    enabled,
  });
}

export function useInviteCaregiver() {
  return useMutation({
    mutationFn: async (email: string) =>
      (
        await api.post<{ data: Caregiver }>(
          'profile/caregivers',
          { email },
          { handlesErrors: true },
        )
      ).data.data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: caregiversKey }),
  });
}

export function useRemoveCaregiver() {
  return useMutation({
    mutationFn: async (id: number) => {
      await api.delete(`profile/caregivers/${id}`);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: caregiversKey }),
  });
}

/** POST profile/caregivers/accept; the profile then reads as the family's. */
export async function acceptInvitation(token: string): Promise<{ owner_name: string }> {
  const response = await api.post<{ data: { owner_name: string } }>(
    'profile/caregivers/accept',
    { token },
    { handlesErrors: true },
  );
  removeStorage(STORAGE_KEYS.familyInvite);
  // Everything the page holds of the person's own (empty) family gives way to the family's.
  const profile = await loadProfile({ skip_error: true });
  if (profile) applyProfile(profile);
  await queryClient.invalidateQueries();
  return response.data.data;
}

export const pendingInvitation = () => readStorage(STORAGE_KEYS.familyInvite);
export const keepInvitation = (token: string) => writeStorage(STORAGE_KEYS.familyInvite, token);
export const dropInvitation = () => removeStorage(STORAGE_KEYS.familyInvite);
