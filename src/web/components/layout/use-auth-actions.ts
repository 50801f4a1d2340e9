import { useState } from 'react';
import { logout } from '../../api/auth';
import { openModal } from '../../modals/modal-store';

/** The header's «Войти», «Регистрация» and «Выйти». */
export function useAuthActions() {
  const [loggingOut, setLoggingOut] = useState(false);
  return {
    loggingOut,
    openLogin: () => openModal('login'),
    openRegister: () => openModal('register'),
    logout: () => {
      setLoggingOut(true);
      void logout();
    },
  };
}
