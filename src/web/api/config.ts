import { useQuery } from '@tanstack/react-query';
import type { PublicConfig } from '@contract/api/config';
import { api } from './client';

export const publicConfigKey = ['public-config'] as const;

// Typed by the contract; the server checks the answer against its schema on the way out.
export async function fetchPublicConfig(): Promise<PublicConfig> {
  return (await api.get<{ data: PublicConfig }>('public-config')).data.data;
}

/** The server's public configuration: it does not change while the page lives. */
export function usePublicConfig() {
  return useQuery({
    queryKey: publicConfigKey,
    queryFn: fetchPublicConfig,
    staleTime: Infinity,
    gcTime: Infinity,
  });
}
