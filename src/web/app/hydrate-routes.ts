import { matchRoutes, type RouteObject } from 'react-router';
import { routes } from './router';

/**
 * The lazy routes of the address being hydrated, loaded before hydration: the server rendered them, and
 * React must find the same components, not a loading state. (Their chunks are already preloaded by the
 * page's <link rel="modulepreload">.)
 */
export async function loadMatchedRoutes(): Promise<void> {
  const matches = matchRoutes(routes, window.location) ?? [];
  await Promise.all(
    matches.map(async ({ route }: { route: RouteObject }) => {
      if (typeof route.lazy !== 'function') return;
      const loaded = await route.lazy();
      Object.assign(route, { ...loaded, lazy: undefined });
    }),
  );
}
