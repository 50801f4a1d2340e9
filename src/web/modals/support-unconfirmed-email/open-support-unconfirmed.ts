import { openModal } from '../modal-store';

/**
 * Opens the 'support with unconfirmed email' modal (SPEC §2): the support screen and the profile call
 * this when the parent's address is not confirmed yet.
 */
export function openSupportUnconfirmed(options?: { onClose?: () => void }): void {
  openModal('support-unconfirmed-email', undefined, options);
}
