import { onErrorReport } from '../api/error-reports';
import { openModal } from '../components/modal/modal-store';

/**
 * docs/ARCHITECTURE.md «Error codes»: a failure the HTTP layer reports (a request no screen handles, a
 * SHOW_ERROR event) opens the global error modal. The returned function stops it.
 */
export function installErrorModal(): () => void {
  return onErrorReport(({ message, title }) => openModal('global-error', { message, title }));
}
