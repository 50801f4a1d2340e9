import { useCallback, useEffect, useRef } from 'react';
import { useBlocker, useLocation, useNavigate, type Location } from 'react-router';
import { openModal } from '../../components/modal/modal-store';
import { installLeaveGuard } from '../../lib/leave-guard';

export const FORCE_PARAM = 'force';

/** Marks the history entry under the video page's own: going Back onto it means leaving. */
const BASE_ENTRY = 'videoBaseEntry';

function stateFlag(state: unknown, flag: string): boolean {
  return (
    typeof state === 'object' && state !== null && (state as Record<string, unknown>)[flag] === true
  );
}

/** Leaving with `?force` (or navigation state `{ force: true }`) skips the parental check. */
export function isForcedLeave(next: Location): boolean {
  return new URLSearchParams(next.search).has(FORCE_PARAM) || stateFlag(next.state, 'force');
}

/** React Router keeps its position in the history in `history.state.idx`. */
function historyIndex(): number | undefined {
  const state: unknown = window.history.state;
  if (typeof state !== 'object' || state === null) return undefined;
  const idx = (state as Record<string, unknown>).idx;
  return typeof idx === 'number' ? idx : undefined;
}

/**
 * docs/PRODUCT.md: leaving the video page needs a parent's confirmation unless forced. Every way out is guarded:
 * in-app links (header, logo), the browser's Back button and logout. Opened as a fresh page load, the
 * page has no entry of ours before it, so Back would leave the school unseen: the guard then marks the
 * entry it stands on and pushes a copy of it, and going Back onto the marked entry counts as leaving.
 */
export function ParentalLeaveGuard() {
  const location = useLocation();
  const navigate = useNavigate();
  const forced = new URLSearchParams(location.search).has(FORCE_PARAM);
  const forcedRef = useRef(forced);
  forcedRef.current = forced;

  const blocker = useBlocker(({ currentLocation, nextLocation, historyAction }) => {
    if (forcedRef.current || isForcedLeave(nextLocation)) return false;
    if (currentLocation.pathname !== nextLocation.pathname) return true;
    return historyAction === 'POP' && stateFlag(nextLocation.state, BASE_ENTRY);
  });

  // A fresh load: mark this entry (in place, as React Router keeps a location's state under `usr`) and
  // stand on a copy of it, so Back has something to catch.
  useEffect(() => {
    if (forcedRef.current || historyIndex() !== 0) return;
    const state: unknown = window.history.state;
    const base = typeof state === 'object' && state !== null ? state : {};
    window.history.replaceState({ ...base, usr: { [BASE_ENTRY]: true } }, '');
    const { pathname, search, hash } = window.location;
    void navigate({ pathname, search, hash });
  }, [navigate]);

  const askGrownUp = useCallback((leave: () => void, stay: () => void) => {
    let confirmed = false;
    openModal(
      'parental-control',
      {
        onConfirm: () => {
          confirmed = true;
          leave();
        },
      },
      // Closing the check in any other way keeps the child on the video page.
      { onClose: () => !confirmed && stay() },
    );
  }, []);

  // Logout is a way out too, but a reload rather than a navigation.
  useEffect(
    () =>
      installLeaveGuard((leave) => {
        if (forcedRef.current) leave();
        else askGrownUp(leave, () => undefined);
      }),
    [askGrownUp],
  );

  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    const toBase = stateFlag(blocker.location.state, BASE_ENTRY);
    askGrownUp(
      () => {
        blocker.proceed();
        // Back onto the marked entry: one more step leaves the school's history for wherever the
        // parent came from; with nothing before it, the landing.
        if (toBase) leaveFromBase(navigate);
      },
      () => blocker.reset(),
    );
  }, [blocker, askGrownUp, navigate]);

  return null;
}

function leaveFromBase(navigate: ReturnType<typeof useNavigate>): void {
  const before = window.location.href;
  window.history.back();
  window.setTimeout(() => {
    // Still here: there was nothing before the page (a new tab).
    if (window.location.href === before)
      void navigate('/', { replace: true, state: { force: true } });
  }, 300);
}
