import { generatePath } from 'react-router';

// The table itself is shared with the server (its texts link only to screens that exist).
import { ROUTES, type RouteName } from '@contract/routes';

export { ROUTES, type RouteName };

export { LANDING_MODALS, isLandingModal, type LandingModal } from './landing-modals';

export type RouteParams = Record<string, string | number | null | undefined>;

/**
 * The path of a named route: `pathTo('main-program', { age: 'four-five' })` → '/programs/main-program/four-five'.
 * Optional params left out are dropped from the path; `query` is appended as a query string.
 */
export function pathTo(
  name: RouteName,
  params?: RouteParams,
  query?: Record<string, string>,
): string {
  const clean: Record<string, string> = {};
  for (const [key, value] of Object.entries(params ?? {})) {
    if (value !== null && value !== undefined && value !== '') clean[key] = String(value);
  }
  const path = generatePath(ROUTES[name], clean) || '/';
  const search = query ? new URLSearchParams(query).toString() : '';
  return search ? `${path}?${search}` : path;
}
