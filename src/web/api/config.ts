import { useQuery } from '@tanstack/react-query';
import { publicConfigResponse, type PublicConfig } from '@contract/api/config';
import { api } from './client';

export const publicConfigKey = ['public-config'] as const;

export async function fetchPublicConfig(): Promise<PublicConfig> {
  const response = await api.get<unknown>('public-config');
  return publicConfigResponse.parse(response.data).data;
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
