import { ModalShell } from './modal-shell';
import { ModalArt } from './modal-art';
import { closeModal, type ModalPropsMap } from './modal-store';
import { Button } from '../ui/button';
import styles from './modal-content.module.scss';

/** The global «thanks» modal: after the parent told us something (why they turned renewal off). */
export default function ThanksModal({ title, message }: ModalPropsMap['thanks']) {
  return (
    <ModalShell title={title ?? 'Спасибо!'} size="sm" art={<ModalArt kind="success" />}>
      <p className={styles.text}>{message ?? 'Спасибо, что рассказали нам.'}</p>
      <div className={styles.actions}>
        <Button onClick={closeModal} autoFocus>
          Хорошо
        </Button>
      </div>
    </ModalShell>
  );
}
