import { fetchPublicConfig, publicConfigKey } from '../api/config';
import { queryClient } from '../api/query-client';
import { initAnalytics } from '../lib/analytics';

/** The counter id comes from the public config; without it (or without the config) the stub is used. */
export function startAnalytics(): void {
  initAnalytics(null);
  queryClient
    .fetchQuery({ queryKey: publicConfigKey, queryFn: fetchPublicConfig, staleTime: Infinity })
    .then((config) => initAnalytics(config.metrika_counter_id))
    .catch(() => undefined);
}
