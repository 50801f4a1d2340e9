import { generatePath } from 'react-router';

/** SPEC §2: every named route of the school and its path. Navigate by name with `pathTo`. */
export const ROUTES = {
  index: '/:modal?',
  unsubscribe: '/unsubscribe',
  faq: '/faq',
  certificate: '/gift',
  'certificate-register': '/gift/register',
  'certificate-auth': '/gift/auth',
  subscribe: '/subscribe',
  'subscribe-gift': '/subscribe-gift',
  programs: '/programs',
  'main-program': '/programs/main-program/:age?',
  'additional-program': '/programs/additional-program',
  about: '/about',
  'about-index': '/about/index',
  'about-team': '/about/team',
  'about-vacancy': '/about/vacancy',
  'about-contacts': '/about/contacts',
  personal: '/personal',
  'activate-certificate': '/personal/activate-certificate',
  profile: '/personal/profile',
  students: '/personal/students',
  // Not in the SPEC's table: the parents' picture of each child's learning.
  progress: '/personal/progress',
  tariffs: '/personal/tariffs',
  gift: '/personal/gift',
  help: '/personal/help',
  'help-faq': '/personal/help/faq',
  'help-programs': '/personal/help/programs',
  'help-instructions': '/personal/help/instructions/:instruction?',
  'help-support': '/personal/help/support',
  skiped: '/skiped-weeks',
  documents: '/documents',
  'confidentiality-policy': '/documents/confidentiality-policy',
  'license-agreement': '/documents/license-agreement',
  video: '/video',
  'not-found-error': '/404',
} as const;

export type RouteName = keyof typeof ROUTES;

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
