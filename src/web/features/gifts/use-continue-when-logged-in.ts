import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { useSession } from '../../api/session';
import { KEEP_MODAL_STATE } from '../../components/modal/modal-store';

/**
 * A guest page that asked the parent to register or log in moves on once they have: the router's guard
 * ran before, so the page itself follows the session. The welcome modal stays open over the next page.
 */
export function useContinueWhenLoggedIn(next: () => string | null): void {
  const { isLoggedIn } = useSession();
  const navigate = useNavigate();
  useEffect(() => {
    if (!isLoggedIn) return;
    const to = next();
    if (to) void navigate(to, { replace: true, state: KEEP_MODAL_STATE });
    // Only the change of the session matters; `next` reads storage at that moment.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [isLoggedIn]);
}
