import './styles/global.scss';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router/dom';
import { createAppRouter } from './app/router';
import { queryClient } from './api/query-client';
import { installInterceptors, installShowErrorListener } from './api/interceptors';
import { initSession } from './api/session';
import { startAnalytics } from './app/start-analytics';
import { rememberReferrer } from './lib/referrer';

installInterceptors();
installShowErrorListener();
initSession();
rememberReferrer();
startAnalytics();

const router = createAppRouter();
const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');

createRoot(root).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  </StrictMode>,
);
