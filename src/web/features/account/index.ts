// The account's public face: the modals of signing in, signing up and the password are opened by name
// (components/modal/modal-store.ts); the support form shows the unconfirmed-email notice inside its own.
export { default as SupportUnconfirmedEmailModal } from './unconfirmed-email/support-unconfirmed-email-modal';
