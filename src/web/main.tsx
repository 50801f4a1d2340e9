import './styles/global.scss';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { hydrate, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router/dom';
import { createAppRouter } from './app/router';
import { queryClient } from './api/query-client';
import { installInterceptors, installShowErrorListener } from './api/interceptors';
import { initSession, restoreSessionAfterHydration } from './api/session';
import { startAnalytics } from './app/start-analytics';
import { rememberReferrer } from './lib/referrer';
import { takeSsrState } from './app/ssr-state';
import { loadMatchedRoutes } from './app/hydrate-routes';
import { runAfterHydration } from './app/after-hydration';

installInterceptors();
installShowErrorListener();
rememberReferrer();
startAnalytics();

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');

// A page the server rendered is hydrated with the server's own data, as a guest (the server cannot see
// a login): the parent's session is picked up right after, so the first render matches the HTML exactly.
const ssr = takeSsrState();
if (ssr) {
  hydrate(queryClient, ssr.queries);
  await loadMatchedRoutes();
  const router = createAppRouter({ loaderData: ssr.loaderData });
  runAfterHydration(() => restoreSessionAfterHydration(() => void router.revalidate()));
  hydrateRoot(
    root,
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </StrictMode>,
  );
} else {
  initSession();
  const router = createAppRouter();
  createRoot(root).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </StrictMode>,
  );
}
