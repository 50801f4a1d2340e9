import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { isLoggedIn } from '../api/session';
import { openModal } from '../modals/modal-store';
import { KEEP_MODAL_STATE } from '../modals/modal-root';

/**
 * The contract's SOCIAL_ERROR_QUERY, spelled out: importing it would put the whole oauth-values module
 * (with every message) into the landing's initial JavaScript. A test keeps the two equal.
 */
export const SOCIAL_ERROR_PARAM = 'social_error';

/**
 * `?social_error=<code>` from a social sign-in or link (on any page): says what happened in Russian and
 * drops the parameter, so a reload or a shared link does not repeat it. The texts load only when needed,
 * outside the landing's initial JavaScript.
 */
export function SocialNotice() {
  const { pathname, search, hash } = useLocation();
  const navigate = useNavigate();

  useEffect(() => {
    const params = new URLSearchParams(search);
    const code = params.get(SOCIAL_ERROR_PARAM);
    if (code === null) return;
    params.delete(SOCIAL_ERROR_PARAM);
    const rest = params.toString();
    void navigate(
      { pathname, search: rest ? `?${rest}` : '', hash },
      { replace: true, state: KEEP_MODAL_STATE },
    );
    const loggedIn = isLoggedIn();
    void import('./social-errors').then(({ socialNotice }) => {
      const view = socialNotice(code, loggedIn);
      if (view.kind === 'login') openModal('login', { notice: view.message });
      else openModal('global-notify', { title: view.title, message: view.message });
    });
  }, [pathname, search, hash, navigate]);

  return null;
}
