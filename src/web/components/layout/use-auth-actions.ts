import { useState } from 'react';
import { logout } from '../../api/auth';
import { openModal } from '../modal/modal-store';
import { guardedLeave } from '../../lib/leave-guard';

/** The header's «Войти», «Регистрация» and «Выйти». */
export function useAuthActions() {
  const [loggingOut, setLoggingOut] = useState(false);
  return {
    loggingOut,
    openLogin: () => openModal('login'),
    openRegister: () => openModal('register'),
    // From the video page, logging out is a way out too: a grown-up confirms it first.
    logout: () =>
      guardedLeave(() => {
        setLoggingOut(true);
        void logout();
      }),
  };
}
