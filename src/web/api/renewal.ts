// Auto-renewal, the saved card, refusal with its optional reason, ending and pauses («каникулы»).
import { useQuery } from '@tanstack/react-query';
import type { RenewalState, UnsubscribeReasonCode } from '@contract/api/renewals';
import { api } from './client';
import { refreshProfile } from './profile';
import { queryClient } from './query-client';
import { storeKeys } from './store';

export type { RenewalState, UnsubscribeReasonCode } from '@contract/api/renewals';

export const renewalKey = ['store', 'renewal'] as const;

export interface UnsubscribeReason {
  code: UnsubscribeReasonCode;
  title: string;
}

async function fetchRenewal(): Promise<RenewalState> {
  return (await api.get<{ data: RenewalState }>('store/renewal')).data.data;
}

export function useRenewal({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ queryKey: renewalKey, queryFn: fetchRenewal, enabled });
}

export function useUnsubscribeReasons() {
  return useQuery({
    queryKey: ['profile', 'unsubscribe', 'reason'] as const,
    queryFn: async () =>
      (await api.get<{ data: UnsubscribeReason[] }>('profile/unsubscribe/reason')).data.data,
    staleTime: Infinity,
  });
}

/**
 * Every change answers with the new renewal state; the subscription's dates and the payment history may
 * have moved with it, so they are read again. Errors are shown by the screen that asked.
 */
async function change(url: string, body?: unknown): Promise<RenewalState> {
  let state: RenewalState;
  try {
    state = (await api.post<{ data: RenewalState }>(url, body, { handlesErrors: true })).data.data;
  } catch (error) {
    // A refusal usually means the state moved meanwhile (a charge, another tab): show the new one.
    void queryClient.invalidateQueries({ queryKey: renewalKey });
    throw error;
  }
  queryClient.setQueryData(renewalKey, state);
  void refreshProfile();
  void queryClient.invalidateQueries({ queryKey: storeKeys.payments });
  return state;
}

export const renewal = {
  /** Refusal in one click: the paid days stay. */
  cancel: () => change('profile/unsubscribe', {}),
  enable: () => change('store/renewal/enable', { consent: true }),
  removeCard: () => change('store/card/remove'),
  end: () => change('profile/end-subscription'),
  pause: (weeks: number) => change('profile/pause', { weeks }),
  resume: () => change('profile/pause/resume'),
};

/** Why the parent turned renewal off: optional, asked after the refusal is done. */
export async function sendUnsubscribeReason(body: {
  reason: UnsubscribeReasonCode;
  comment?: string;
}): Promise<void> {
  await api.post('profile/unsubscribe/statistics', body, { handlesErrors: true });
}
