import { ModalShell } from './modal-shell';
import { ModalArt } from './modal-art';
import { closeModal, type ModalPropsMap } from './modal-store';
import { Button } from '../ui/button';
import styles from './modal-content.module.scss';

/** A plain notice to the parent: a title, a message and one button. */
export default function GlobalNotifyModal({
  title,
  message,
  buttonText,
}: ModalPropsMap['global-notify']) {
  return (
    <ModalShell title={title ?? 'Обратите внимание'} size="sm" art={<ModalArt kind="info" />}>
      <p className={styles.text}>{message}</p>
      <div className={styles.actions}>
        <Button onClick={closeModal} autoFocus>
          {buttonText ?? 'Хорошо'}
        </Button>
      </div>
    </ModalShell>
  );
}
