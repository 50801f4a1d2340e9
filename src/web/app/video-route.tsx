import { useEffect, type ComponentType } from 'react';
import { useBlocker, type Location } from 'react-router';
import { loadChunk } from './chunk';
import { openModal } from '../modals/modal-store';

export const FORCE_PARAM = 'force';

/** Leaving with `?force` (or navigation state `{ force: true }`) skips the parental check. */
export function isForcedLeave(next: Location): boolean {
  if (new URLSearchParams(next.search).has(FORCE_PARAM)) return true;
  const state: unknown = next.state;
  return (
    typeof state === 'object' && state !== null && (state as Record<string, unknown>).force === true
  );
}

/** SPEC §2: leaving the video page needs a parent's confirmation unless forced. */
function ParentalLeaveGuard() {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      currentLocation.pathname !== nextLocation.pathname && !isForcedLeave(nextLocation),
  );

  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    let confirmed = false;
    openModal(
      'parental-control',
      {
        onConfirm: () => {
          confirmed = true;
          blocker.proceed();
        },
      },
      // Closing the check in any other way keeps the child on the video page.
      { onClose: () => !confirmed && blocker.reset() },
    );
  }, [blocker]);

  return null;
}

/** The video page's lazy route. The player itself comes with the video issue. */
export async function videoRoute() {
  const { default: VideoPage } = await loadChunk<{ default: ComponentType }>(
    () => import('./pending/pending-page'),
  );
  function GuardedVideoPage() {
    return (
      <>
        <VideoPage />
        <ParentalLeaveGuard />
      </>
    );
  }
  return { Component: GuardedVideoPage };
}
