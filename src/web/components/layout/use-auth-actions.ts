import { useState } from 'react';
import { useNavigate } from 'react-router';
import { logout } from '../../api/auth';
import { openModal } from '../../modals/modal-store';
import { isModalAvailable } from '../../modals/registry';
import { pathTo } from '../../app/routes';

/** The header's «Войти», «Регистрация» and «Выйти». */
export function useAuthActions() {
  const navigate = useNavigate();
  const [loggingOut, setLoggingOut] = useState(false);
  return {
    loggingOut,
    openLogin: () => openModal('login'),
    openRegister: () => {
      // Until the registration modal ships, guests register through the subscription page.
      if (isModalAvailable('register')) openModal('register');
      else navigate(pathTo('subscribe'));
    },
    logout: () => {
      setLoggingOut(true);
      void logout();
    },
  };
}
