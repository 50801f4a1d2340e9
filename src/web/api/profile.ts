import { useMutation, useQuery } from '@tanstack/react-query';
import type { AddEmailBody, Profile, SocialNetwork } from '@contract/api/auth';
import type { ChangePasswordBody, ProfileUpdateBody } from '@contract/api/profile';
import { resendVerificationLink, startSocialSignIn } from './auth';
import { api } from './client';
import { queryClient } from './query-client';
import { loadProfile, useSessionStore } from './session';

export type { Profile, SocialNetwork } from '@contract/api/auth';

/** Confirms the account deletion: the password, or the typed word for accounts without one. */
export type AccountDeletion = { password: string } | { confirm: string };

/** What the «Данные и конфиденциальность» section erases, by the call that erases it (docs/PRODUCT.md «Product rules»). */
export type DataErasure = 'deleteLessonStats' | 'deleteSocialData' | 'deleteChildren';

export const profileKey = ['profile'] as const;

/**
 * The session store holds the profile the header and guards read; the query shares its request (one
 * `/profile/show` however many screens ask) and gives screens loading and error states.
 */
async function fetchProfile(): Promise<Profile> {
  const profile = await loadProfile({ skip_error: true });
  if (!profile) throw new Error('Не удалось загрузить профиль');
  return profile;
}

/** Puts a profile the server answered with everywhere the page keeps it. */
export function applyProfile(profile: Profile): void {
  useSessionStore.setState({ profile, status: 'LOADED' });
  queryClient.setQueryData(profileKey, profile);
}

/** Changes the stored profile in place (a child added or removed) without asking the server. */
export function patchProfile(change: (profile: Profile) => Profile): void {
  const current: Profile | null =
    queryClient.getQueryData<Profile>(profileKey) ?? useSessionStore.getState().profile;
  if (current) applyProfile(change(current));
}

export function refreshProfile(): Promise<unknown> {
  return queryClient.invalidateQueries({ queryKey: profileKey });
}

/** The logged-in parent's profile, with its children; `data` follows the session store. */
export function useProfile() {
  const stored = useSessionStore((s) => s.profile);
  const query = useQuery({
    queryKey: profileKey,
    queryFn: fetchProfile,
    initialData: () => useSessionStore.getState().profile ?? undefined,
  });
  const data: Profile | undefined = stored ?? query.data;
  return {
    data,
    isPending: data === undefined && query.isPending,
    isError: data === undefined && query.isError,
    isFetching: query.isFetching,
    refetch: query.refetch,
  };
}

export async function updateProfile(body: ProfileUpdateBody): Promise<Profile> {
  const response = await api.post<{ data: Profile }>('profile/update', body);
  return response.data.data;
}

export function useUpdateProfile() {
  return useMutation({ mutationFn: updateProfile, onSuccess: applyProfile });
}

export function useChangePassword() {
  return useMutation({
    mutationFn: async (body: ChangePasswordBody) => {
      await api.post('profile/password', body, { handlesErrors: true });
    },
    // An account that had no password has one now.
    onSuccess: () => patchProfile((profile) => ({ ...profile, has_password: true })),
  });
}

/** An account without an address adds one: a letter goes to it; the profile changes once it is followed. */
export function useAddEmail() {
  return useMutation({
    mutationFn: async (body: AddEmailBody) => {
      await api.post('profile/email', body, { handlesErrors: true });
    },
  });
}

export function useResendVerification() {
  return useMutation({ mutationFn: resendVerificationLink });
}

/**
 * Leaves for the provider in link mode: with the bearer token the server links the network to this
 * parent and sends the browser back to `/personal/profile?linked=<network>`.
 */
export function useLinkSocial() {
  return useMutation({ mutationFn: startSocialSignIn });
}

export function useUnbindSocial() {
  return useMutation({
    mutationFn: async (network: SocialNetwork) => {
      await api.get('profile/unbind-social-network', {
        params: { social_network: network },
        handlesErrors: true,
      });
      return network;
    },
    onSuccess: (network) => {
      patchProfile((profile) => ({
        ...profile,
        social_networks: profile.social_networks.filter((linked) => linked !== network),
      }));
      void refreshProfile();
    },
  });
}

export async function eraseData(kind: DataErasure): Promise<void> {
  await api.get(`profile/${kind}`);
  await refreshProfile();
}

export async function deleteAccount(body: AccountDeletion): Promise<void> {
  await api.post('profile/delete', body, { handlesErrors: true });
}
