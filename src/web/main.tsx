// The app itself, started by boot.ts: hydrates a page the server rendered, or renders one in the browser.
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { hydrate, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router/dom';
import { createAppRouter } from './app/router';
import { queryClient } from './api/query-client';
import { installInterceptors, installShowErrorListener } from './api/interceptors';
import { installErrorModal } from './app/error-modal';
import { adoptStoredToken, initSession, restoreSessionAfterHydration } from './api/session';
import { startAnalytics } from './app/start-analytics';
import { takeSsrState } from './app/ssr-state';
import { loadMatchedRoutes } from './app/hydrate-routes';
import { runAfterHydration } from './app/after-hydration';
import { startServiceWorker } from './app/service-worker';
import { sendReportsBeforeSignOut } from './app/sign-out-reports';
import { readPacks, tidyKept } from './lib/kept-lessons';
import { pageSaysConnection } from './api/error-reports';

/** `afterHydration`: what the boot script kept for the app (a button pressed early) runs once it holds the page. */
/**
 * Starts the app. `beforeHydration` runs just before React takes the page (from then on React itself
 * answers a tap, hydrating first), `afterHydration` once it holds it.
 */
export async function startApp(
  afterHydration: () => void,
  beforeHydration: () => void = () => {},
): Promise<void> {
  installErrorModal();
  installInterceptors();
  installShowErrorListener();
  sendReportsBeforeSignOut();
  startServiceWorker();
  // Lessons kept for the road expire even when no page of lessons is opened. On /video with some kept,
  // the page itself says when the school is out of reach (docs/OFFLINE-LESSONS.md).
  void tidyKept().catch(() => undefined);
  if (window.location.pathname === '/video' && readPacks().length > 0) pageSaysConnection(true);

  const root = document.getElementById('root');
  if (!root) throw new Error('index.html has no #root');

  // A page the server rendered is hydrated with the server's own data, as a guest (the server cannot see
  // a login): the parent's session is picked up right after, so the first render matches the HTML exactly.
  const ssr = takeSsrState();
  // A page whose own chunk does not arrive cannot be hydrated: it is rendered afresh instead, where the
  // route's error screen offers the way out (the server's HTML stays readable until then).
  const routesReady =
    ssr !== null &&
    (await loadMatchedRoutes().then(
      () => true,
      () => false,
    ));
  if (ssr && routesReady) {
    hydrate(queryClient, ssr.queries);
    const router = createAppRouter({ loaderData: ssr.loaderData });
    runAfterHydration(() => {
      restoreSessionAfterHydration(() => void router.revalidate());
      afterHydration();
    });
    beforeHydration();
    hydrateRoot(
      root,
      <StrictMode>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </StrictMode>,
    );
    return;
  }
  // The boot script started the counter from a server-rendered page's config; otherwise the API gives it.
  if (ssr) adoptStoredToken();
  else startAnalytics();
  initSession();
  const router = createAppRouter();
  beforeHydration();
  createRoot(root).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </StrictMode>,
  );
  afterHydration();
}
