/**
 * The lazy modules a server-rendered page shows at once, by route id: the server links their chunks
 * (modulepreload) and styles (stylesheet) in the HTML, so the page is styled before any script runs and
 * hydrates without waiting for a chain of imports. Kept beside router.tsx; route-modules.test.ts checks
 * every path exists.
 */
export const ROUTE_MODULES: Readonly<Record<string, readonly string[]>> = {
  // The footer is lazy in the site layout, but on a server-rendered page it is already in the HTML.
  site: ['components/layout/footer.tsx'],
  index: ['features/landing/landing-page.tsx'],
  faq: ['features/faq/faq-page.tsx'],
  programs: ['features/programs/programs-layout.tsx'],
  'main-program': ['features/programs/main-program-page.tsx'],
  'additional-program': ['features/programs/additional-program-page.tsx'],
  about: ['features/about/about-layout.tsx'],
  'about-index': ['features/about/about-index-page.tsx'],
  'about-team': ['features/about/team-page.tsx'],
  'about-vacancy': ['features/about/vacancy-page.tsx'],
  'about-contacts': ['features/about/contacts-page.tsx'],
  'confidentiality-policy': ['features/documents/confidentiality-policy-page.tsx'],
  'license-agreement': ['features/documents/license-agreement-page.tsx'],
  'not-found-error': ['features/not-found/not-found-page.tsx'],
};

export function modulesOf(routeIds: readonly string[]): string[] {
  return routeIds.flatMap((id) => ROUTE_MODULES[id] ?? []);
}
