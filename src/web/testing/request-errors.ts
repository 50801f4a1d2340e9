import { installInterceptors } from '../api/interceptors';
import { installErrorModal } from '../app/error-modal';

/**
 * The interceptors and the app's global error modal together, as main.tsx installs them: a screen's test
 * that a failure stays with the screen sees the modal open if it does not.
 */
export function installRequestErrors(): () => void {
  const stopModal = installErrorModal();
  const uninstall = installInterceptors();
  return () => {
    uninstall();
    stopModal();
  };
}
