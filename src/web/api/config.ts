import { useQuery } from '@tanstack/react-query';
import type { PublicConfig } from '@contract/api/config';
import { api } from './client';

export const publicConfigKey = ['public-config'] as const;

// The response schema (and with it zod) loads beside the request, outside the landing's initial
// JavaScript (issue 2 budget); the response is still checked against the contract.
const schemas = () => import('@contract/api/config');

export async function fetchPublicConfig(): Promise<PublicConfig> {
  const [response, { publicConfigResponse }] = await Promise.all([
    api.get<unknown>('public-config'),
    schemas(),
  ]);
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
