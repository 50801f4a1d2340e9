import type { ComponentType } from 'react';
import type { ModalName, ModalProps } from '../components/modal/modal-store';

type Loader<N extends ModalName> = () => Promise<{
  default: ComponentType<NonNullable<ModalProps<N>>>;
}>;

/**
 * Every modal's component by its name, each a lazy chunk from the feature that owns it. It is assembled
 * here, at the top, so that features open each other's modals by name (components/modal/modal-store.ts)
 * and never import them; the type makes a name without a component a compile error.
 */
export const MODAL_REGISTRY: { [N in ModalName]: Loader<N> } = {
  'global-error': () => import('../components/modal/global-error-modal'),
  'technical-failure': () => import('../components/modal/technical-failure-modal'),
  'global-notify': () => import('../components/modal/global-notify-modal'),
  login: () => import('../features/account/login/login-modal'),
  register: () => import('../features/account/register/register-modal'),
  'social-signup': () => import('../features/account/register/social-signup-modal'),
  'buy-and-register': () =>
    import('../features/account/register/register-modal').then((m) => ({
      default: m.BuyAndRegisterModal,
    })),
  'password-restore': () => import('../features/account/password-restore/password-restore-modal'),
  'support-unconfirmed-email': () =>
    import('../features/account/unconfirmed-email/support-unconfirmed-email-modal'),
  video: () => import('../features/video/modals/video-modal'),
  license: () =>
    import('../features/documents/document-modal').then((m) => ({ default: m.LicenseModal })),
  privacy: () =>
    import('../features/documents/document-modal').then((m) => ({ default: m.PrivacyModal })),
  'parental-control': () => import('../features/video/parental-control/parental-control-modal'),
  'email-confirmed': () => import('../features/account/email-confirmed/email-confirmed-modal'),
  'password-reset': () => import('../features/account/password-reset/password-reset-modal'),
  'fail-payment': () =>
    import('../features/checkout/payment-result-modal').then((m) => ({
      default: m.FailPaymentModal,
    })),
  'successful-payment': () =>
    import('../features/checkout/payment-result-modal').then((m) => ({
      default: m.SuccessfulPaymentModal,
    })),
  gift: () =>
    import('../features/checkout/payment-result-modal').then((m) => ({
      default: m.GiftPaymentModal,
    })),
  'activate-certificate': () => import('../features/gifts/activate-certificate-modal'),
  'add-child': () => import('../features/personal/students/add-child/add-child-modal'),
  'add-child-without-subscription': () =>
    import('../features/child-slots/add-child-without-subscription-modal'),
  confirm: () => import('../features/personal/confirm/confirm-modal'),
  'family-invite': () => import('../features/personal/family/family-invite-modal'),
  'child-select': () => import('../features/video/modals/child-select-modal'),
  lesson: () => import('../features/video/modals/lesson-modal'),
  program: () => import('../features/video/modals/program-modal'),
  'study-mode': () => import('../features/video/modals/study-mode-modal'),
  remind: () => import('../features/video/modals/remind-modal'),
  'screen-time': () => import('../features/video/modals/screen-time-modal'),
  road: () => import('../features/video/road/road-modal'),
  'sticker-album': () => import('../features/stickers/sticker-album-modal'),
  'video-alert': () => import('../features/video/modals/video-alert-modal'),
  'additional-programs': () =>
    import('../features/programs/additional-programs/additional-programs-modal'),
  subscribe: () => import('../features/personal/tariffs/subscribe/subscribe-modal'),
  'subscribe-answer': () => import('../features/personal/tariffs/subscribe/subscribe-answer-modal'),
  thanks: () => import('../components/modal/thanks-modal'),
  support: () => import('../features/support/support-modal'),
  'support-success': () => import('../features/support/support-success-modal'),
};
