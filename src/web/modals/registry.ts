import type { ComponentType } from 'react';
import type { ModalName, ModalProps } from './modal-store';

type Loader<N extends ModalName> = () => Promise<{
  default: ComponentType<NonNullable<ModalProps<N>>>;
}>;

/**
 * Modals that work today, each a lazy chunk. A name missing here is not built yet; openModal() of it
 * does nothing, and callers check `isModalAvailable` to offer another way.
 */
export const MODAL_REGISTRY: { [N in ModalName]?: Loader<N> } = {
  'global-error': () => import('./global-error-modal'),
  'technical-failure': () => import('./technical-failure-modal'),
  'global-notify': () => import('./global-notify-modal'),
  login: () => import('./login/login-modal'),
  register: () => import('./register/register-modal'),
  'buy-and-register': () =>
    import('./register/register-modal').then((m) => ({ default: m.BuyAndRegisterModal })),
  'password-restore': () => import('./password-restore/password-restore-modal'),
  'support-unconfirmed-email': () =>
    import('./support-unconfirmed-email/support-unconfirmed-email-modal'),
  video: () => import('./video-modal'),
  license: () => import('./document-modal').then((m) => ({ default: m.LicenseModal })),
  privacy: () => import('./document-modal').then((m) => ({ default: m.PrivacyModal })),
  'parental-control': () => import('./parental-control-modal'),
  'email-confirmed': () => import('./email-confirmed/email-confirmed-modal'),
  'password-reset': () => import('./password-reset/password-reset-modal'),
  'fail-payment': () =>
    import('./route/payment-result-modal').then((m) => ({ default: m.FailPaymentModal })),
  'successful-payment': () =>
    import('./route/payment-result-modal').then((m) => ({ default: m.SuccessfulPaymentModal })),
  gift: () => import('./route/payment-result-modal').then((m) => ({ default: m.GiftPaymentModal })),
  'activate-certificate': () => import('./route/activate-certificate-modal'),
  'add-child': () => import('./add-child/add-child-modal'),
  'add-child-without-subscription': () =>
    import('./add-child-without-subscription/add-child-without-subscription-modal'),
  confirm: () => import('./confirm/confirm-modal'),
  'child-select': () => import('./video/child-select-modal'),
  lesson: () => import('./video/lesson-modal'),
  program: () => import('./video/program-modal'),
  'study-mode': () => import('./video/study-mode-modal'),
  remind: () => import('./video/remind-modal'),
  'video-alert': () => import('./video/video-alert-modal'),
  'additional-programs': () => import('./additional-programs/additional-programs-modal'),
  subscribe: () => import('./subscribe/subscribe-modal'),
  'subscribe-answer': () => import('./subscribe/subscribe-answer-modal'),
  thanks: () => import('./thanks-modal'),
  support: () => import('./support/support-modal'),
  'support-success': () => import('./support/support-success-modal'),
};

export function isModalAvailable(name: ModalName): boolean {
  return name in MODAL_REGISTRY;
}
