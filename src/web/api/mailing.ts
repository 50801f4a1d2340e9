// Mailing choices: the personal area's (signed in) and the unsubscribe page's (a mail link's token, sent as
// The extra header on GET and extra field on POST). The screens show their own errors.
import { useQuery } from '@tanstack/react-query';
import { MAILING_TOKEN_HEADER, type MailingState } from '@contract/api/mailing';
import { api } from './client';
import { queryClient } from './query-client';

export type { MailingState } from '@contract/api/mailing';

export const mailingKey = (token: string | null) => ['profile', 'mailing', token] as const;

async function fetchState(token: string | null): Promise<MailingState> {
  const headers = token ? { [MAILING_TOKEN_HEADER]: token } : {};
  return (
    await api.get<{ data: MailingState }>('profile/unsubscribe-for-mailing', {
      headers,
      handlesErrors: true,
    })
  ).data.data;
}

export function useMailingState(token: string | null, { enabled = true } = {}) {
  return useQuery({
    queryKey: mailingKey(token),
    queryFn: () => fetchState(token),
    enabled,
    retry: false,
  });
}

async function change(token: string | null, url: string, body: object): Promise<MailingState> {
  const extra = token ? { extra: { token } } : {};
  const state = (
    await api.post<{ data: MailingState }>(url, { ...body, ...extra }, { handlesErrors: true })
  ).data.data;
  queryClient.setQueryData(mailingKey(token), state);
  return state;
}

export const mailing = {
  choose: (token: string | null, categories: number[], subscribed: boolean) =>
    change(
      token,
      subscribed ? 'profile/subscribe-for-mailing' : 'profile/unsubscribe-for-mailing',
      { categories },
    ),
  /** value true: leave every mailing; false: receive them all again. */
  all: (token: string | null, leave: boolean) =>
    change(token, 'profile/unsubscribe-from-all', { value: leave }),
};
