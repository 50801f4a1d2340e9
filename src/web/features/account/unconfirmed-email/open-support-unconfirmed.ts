import { openModal } from '../../../components/modal/modal-store';

/**
 * Opens the 'support with unconfirmed email' modal (docs/PRODUCT.md «Screens and routes»): the support screen and the profile call
 * this when the parent's address is not confirmed yet.
 */
export function openSupportUnconfirmed(options?: { onClose?: () => void }): void {
  openModal('support-unconfirmed-email', undefined, options);
}
