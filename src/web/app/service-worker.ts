// The service worker's page side (the worker itself: src/web/sw/). It is registered once the app holds the
// page and the browser is idle, so a visitor who only reads the landing downloads nothing more for it. A new
// build's worker is offered to the parent, never forced: the page reloads on «Обновить» only, so it never
// runs half old, half new code (docs/DECISIONS.md «The service worker»).
import { reloadPage } from '../lib/reload';
import { toast } from '../components/toast/toast';
import { ACCEPT_UPDATE } from '../sw/routing';

export const WORKER_URL = '/sw.js';
export const NEW_VERSION = 'Доступна новая версия';
export const UPDATE = 'Обновить';

/** After the page's load and then at the browser's first idle moment (Safari has no idle callback). */
function whenIdle(run: () => void): void {
  const idle = () => {
    if (typeof window.requestIdleCallback === 'function')
      window.requestIdleCallback(run, { timeout: 5000 });
    else setTimeout(run, 1000);
  };
  if (document.readyState === 'complete') idle();
  else window.addEventListener('load', idle, { once: true });
}

function offerUpdates(registration: ServiceWorkerRegistration): void {
  const container = navigator.serviceWorker;
  let accepted = false;
  // The accepted worker takes the page: it reloads once, onto the new version's files. The first worker
  // ever taking a page changes nothing of what runs, so that is no reason to reload.
  container.addEventListener('controllerchange', () => {
    if (!accepted) return;
    accepted = false;
    reloadPage();
  });
  const offer = (waiting: ServiceWorker) => {
    // Without a controller this is the first worker, not a new version of one.
    if (!container.controller) return;
    toast.offer({
      id: 'new-version',
      message: NEW_VERSION,
      action: UPDATE,
      onAction: () => {
        accepted = true;
        waiting.postMessage(ACCEPT_UPDATE);
      },
    });
  };
  if (registration.waiting) offer(registration.waiting);
  registration.addEventListener('updatefound', () => {
    const installing = registration.installing;
    installing?.addEventListener('statechange', () => {
      if (installing.state === 'installed') offer(installing);
    });
  });
  // A parent who keeps the app open for days hears of a new version when coming back to the tab.
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') registration.update().catch(() => undefined);
  });
}

/** Registers the worker in the built app (the dev server has none). */
export function startServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  whenIdle(() => {
    navigator.serviceWorker
      .register(WORKER_URL, { scope: '/', updateViaCache: 'none' })
      .then(offerUpdates)
      // A browser that refuses (a private window, a policy) keeps the site as it was, without the app.
      .catch(() => undefined);
  });
}
