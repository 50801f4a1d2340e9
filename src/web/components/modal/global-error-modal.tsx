import { ModalShell } from './modal-shell';
import { ModalArt } from './modal-art';
import { closeModal, type ModalPropsMap } from './modal-store';
import { genericErrorMessage, readableOr } from '../../api/interceptors';
import { Button } from '../ui/button';
import styles from './modal-content.module.scss';

/**
 * docs/ARCHITECTURE.md «Error codes»: the message of a failed request or of a SHOW_ERROR event. Whoever opens it, a text that reads
 * like code never reaches the parent: the generic sentence with the support address stands in.
 */
export default function GlobalErrorModal({ title, message }: ModalPropsMap['global-error']) {
  return (
    <ModalShell title={title ?? 'Что-то пошло не так'} size="sm" art={<ModalArt kind="error" />}>
      <p className={styles.text}>{readableOr(message, genericErrorMessage)}</p>
      <div className={styles.actions}>
        <Button onClick={closeModal} autoFocus>
          Понятно
        </Button>
      </div>
    </ModalShell>
  );
}
