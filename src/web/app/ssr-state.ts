import type { DehydratedState } from '@tanstack/react-query';
import { SSR_STATE_ID } from '@contract/ssr';

/** What the server rendered the page from: the SPA hydrates with exactly this, so nothing flashes. */
export interface SsrState {
  loaderData: Record<string, unknown>;
  queries: DehydratedState;
}

/** The server's state, when this document was rendered on the server (never parsed twice). */
export function takeSsrState(): SsrState | null {
  const script = document.getElementById(SSR_STATE_ID);
  if (!script?.textContent) return null;
  script.remove();
  try {
    return JSON.parse(script.textContent) as SsrState;
  } catch {
    return null;
  }
}
