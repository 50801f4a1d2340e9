import { useEffect, type ComponentType } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { loadChunk } from '../lib/chunk';
import { isLandingModal, pathTo, type LandingModal } from '../lib/routes';
import { KEEP_MODAL_STATE, openModal, type ModalName } from '../components/modal/modal-store';

/** docs/PRODUCT.md «Screens and routes» `/:modal?` values → the global modal each one opens. */
const MODAL_OF: Record<LandingModal, ModalName> = {
  confirmed: 'email-confirmed',
  'fail-payment': 'fail-payment',
  'password-reset': 'password-reset',
  'successful-payment': 'successful-payment',
  gift: 'gift',
  'activate-certificate': 'activate-certificate',
  'family-invite': 'family-invite',
};

/**
 * What the mail links carry that must not stay in the address bar once read: the reset token and address,
 * the confirmation token. Left there, they would reach the history, a shared screenshot, and the Referer of
 * whatever the page loads next.
 */
export const SECRET_QUERY_PARAMS = ['token', 'email', 'verified_token'] as const;

/** Opens the modal named by the address; closing it returns to the plain landing. */
export function LandingModalFromRoute() {
  const { modal } = useParams();
  const { pathname, search, hash } = useLocation();
  const navigate = useNavigate();

  useEffect(() => {
    if (!modal || !isLandingModal(modal)) return;
    // The modal reads what it needs (tokens, order id) from this query, captured before the URL changes.
    const params = new URLSearchParams(search);
    const query = Object.fromEntries(params);
    if (SECRET_QUERY_PARAMS.some((name) => params.has(name))) {
      for (const name of SECRET_QUERY_PARAMS) params.delete(name);
      const rest = params.toString();
      // Replaced, not pushed: Back must not bring the token back either. The modal stays open.
      void navigate(
        { pathname, search: rest ? `?${rest}` : '', hash },
        { replace: true, state: KEEP_MODAL_STATE },
      );
    }
    openModal(MODAL_OF[modal], query, {
      onClose: () => {
        // Only when the modal is closed on its own address, not when the parent navigated away.
        if (window.location.pathname === `/${modal}`)
          void navigate(pathTo('index'), { replace: true, state: KEEP_MODAL_STATE });
      },
    });
    // Opening is keyed on the modal value only; the query is read once.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [modal]);

  return null;
}

/** The landing page's lazy route: the page itself plus its route modals. */
export async function landingRoute() {
  const { default: LandingPage } = await loadChunk<{ default: ComponentType }>(
    () => import('../features/landing/landing-page'),
  );
  function LandingWithModals() {
    return (
      <>
        <LandingPage />
        <LandingModalFromRoute />
      </>
    );
  }
  return { Component: LandingWithModals };
}
