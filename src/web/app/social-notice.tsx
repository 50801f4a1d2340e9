import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { isLoggedIn } from '../api/session';
import { KEEP_MODAL_STATE, openModal } from '../components/modal/modal-store';

/**
 * The contract's SOCIAL_ERROR_QUERY, spelled out: importing it would put the whole oauth-values module
 * (with every message) into the landing's initial JavaScript. A test keeps the two equal.
 */
export const SOCIAL_ERROR_PARAM = 'social_error';
/** The contract's SOCIAL_SIGNUP_QUERY, spelled out for the same reason. */
export const SOCIAL_SIGNUP_PARAM = 'social_signup';

/**
 * `?social_error=<code>` from a social sign-in or link (on any page): says what happened in Russian;
 * `?social_signup=<network>` opens the consent step of a first social sign-in. Either parameter is
 * dropped, so a reload or a shared link does not repeat it. The texts load only when needed,
 * outside the landing's initial JavaScript.
 */
export function SocialNotice() {
  const { pathname, search, hash } = useLocation();
  const navigate = useNavigate();

  useEffect(() => {
    const params = new URLSearchParams(search);
    const code = params.get(SOCIAL_ERROR_PARAM);
    const signup = params.get(SOCIAL_SIGNUP_PARAM);
    if (code === null && signup === null) return;
    params.delete(SOCIAL_ERROR_PARAM);
    params.delete(SOCIAL_SIGNUP_PARAM);
    const rest = params.toString();
    void navigate(
      { pathname, search: rest ? `?${rest}` : '', hash },
      { replace: true, state: KEEP_MODAL_STATE },
    );
    // A person new to the school: the consent step, before any account exists.
    if (signup === 'vk' || signup === 'fb') {
      openModal('social-signup', { network: signup });
      return;
    }
    if (code === null) return;
    const loggedIn = isLoggedIn();
    void import('./social-errors').then(({ socialNotice }) => {
      const view = socialNotice(code, loggedIn);
      if (view.kind === 'login') openModal('login', { notice: view.message });
      else openModal('global-notify', { title: view.title, message: view.message });
    });
  }, [pathname, search, hash, navigate]);

  return null;
}
