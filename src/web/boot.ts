// The page's only script at first: a page the server rendered is already whole, so the app (React, the
// router, the API client: ~150 KB) loads at the parent's first interaction — a touch, a key, a scroll —
// and hydrates the same HTML. A button pressed before that is pressed again once the app holds it.
// Everything else (a signed-in parent, a modal's address, a page only the browser renders) starts the app
// at once.
import './styles/global.scss';
import { SSR_STATE_ID } from '@contract/ssr';
import { noteFirstInteraction } from './lib/first-interaction';
import { isLandingModal } from './lib/landing-modals';
import { initAnalytics } from './lib/analytics';
import { rememberReferrer } from './lib/referrer';
import { readStorage, STORAGE_KEYS } from './lib/storage-keys';

// A mouse moving over the page starts it too: a desktop visitor's click then finds it ready sooner.
const INTERACTIONS = [
  'pointerdown',
  'pointermove',
  'keydown',
  'touchstart',
  'wheel',
  'scroll',
] as const;

interface DehydratedQuery {
  queryKey: unknown[];
  state: { data?: unknown };
}

/** The public config the server rendered with: the analytics counter starts without the API client. */
function counterIdOf(stateText: string): string | null {
  try {
    const state = JSON.parse(stateText) as { queries?: { queries?: DehydratedQuery[] } };
    const config = state.queries?.queries?.find((query) => query.queryKey[0] === 'public-config');
    const data = config?.state.data as { metrika_counter_id?: string | null } | undefined;
    return data?.metrika_counter_id ?? null;
  } catch {
    return null;
  }
}

/**
 * Parameters that only say where a visitor came from: the page does nothing with them at once. Any other
 * (`social_error`, `code`, a modal's token…) is something the app must act on as the page opens.
 */
const PASSIVE_PARAM = /^(utm_[a-z]+|ref|yclid|gclid|fbclid|_openstat|from)$/;
const actsOnQuery = () =>
  [...new URLSearchParams(window.location.search).keys()].some((name) => !PASSIVE_PARAM.test(name));

/** A landing modal's address (`/confirmed`, `/successful-payment`…) opens its modal at once. */
const onModalAddress = () => isLandingModal(window.location.pathname.replace(/^\/|\/$/g, ''));

/** The page's chunks, linked as modulepreload when the app starts, so they arrive side by side. */
function preloadChunks(): void {
  const list = document.getElementById('ssr-chunks');
  if (!list?.textContent) return;
  for (const href of JSON.parse(list.textContent) as string[]) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.href = href;
    document.head.append(link);
  }
}

let started = false;
let pressed: HTMLElement | null = null;

function start(event?: Event): void {
  if (started) return;
  started = true;
  noteFirstInteraction(event);
  for (const type of INTERACTIONS) window.removeEventListener(type, start, { capture: true });
  preloadChunks();
  void import('./main')
    .then(({ startApp }) =>
      startApp(
        () => {
          pressed?.click();
          pressed = null;
        },
        // From here React answers a tap itself (hydrating first): one remembered after this would be
        // pressed twice.
        () => document.removeEventListener('click', rememberPress, { capture: true }),
      ),
    )
    .catch(() => {
      // Without the app the page stays the server's: the guest's buttons, kept unseen for a signed-in
      // parent until the app holds the page, must not stay unseen for good.
      delete document.documentElement.dataset.session;
    });
}

/** A button pressed before the app holds the page: kept, and pressed again after hydration. */
function rememberPress(event: MouseEvent): void {
  const target = event.target instanceof Element ? event.target.closest('button') : null;
  if (target) pressed = target;
}

const stateScript = document.getElementById(SSR_STATE_ID);
rememberReferrer();
if (!stateScript?.textContent) {
  start();
} else {
  initAnalytics(counterIdOf(stateScript.textContent));
  // Kept whether the app starts now or at the first touch: a signed-in parent's page is painted from the
  // server's HTML before the app holds it too, and a tap in between would otherwise be lost.
  document.addEventListener('click', rememberPress, { capture: true });
  const acts = onModalAddress() || actsOnQuery() || window.location.hash !== '';
  if (readStorage(STORAGE_KEYS.token) !== null || acts) start();
  else {
    for (const type of INTERACTIONS)
      window.addEventListener(type, start, { capture: true, passive: true, once: true });
  }
}
