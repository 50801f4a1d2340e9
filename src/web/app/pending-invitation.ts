import { useEffect } from 'react';
import { pendingInvitation } from '../api/caregivers';
import { useSession } from '../api/session';
import { openModal, useModalStore } from '../components/modal/modal-store';

/**
 * A caregiver's invitation opened by a guest waits in storage while they sign in or register (any way:
 * the form, VK ID, Facebook — a page reload included). Once they are in and no other modal is open (the
 * registration's welcome, say), the invitation comes back to be accepted.
 */
export function usePendingInvitation(): void {
  const { isLoggedIn } = useSession();
  const openName = useModalStore((state) => state.name);
  useEffect(() => {
    if (!isLoggedIn || openName !== null) return;
    const token = pendingInvitation();
    if (token) openModal('family-invite', { token });
  }, [isLoggedIn, openName]);
}
