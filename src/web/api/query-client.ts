import { QueryClient } from '@tanstack/react-query';

/**
 * Server state of the school. Failed requests already reach the global error modal (the interceptors report them), so
 * queries do not retry by themselves; hooks that fetch reference data once set `staleTime: Infinity`.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      retry: false,
      refetchOnWindowFocus: false,
      staleTime: 60_000,
    },
    mutations: { retry: false },
  },
});
