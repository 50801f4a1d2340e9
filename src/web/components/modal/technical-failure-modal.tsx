import { ModalShell } from './modal-shell';
import { ModalArt } from './modal-art';
import { closeModal, type ModalPropsMap } from './modal-store';
import { Button } from '../ui/button';
import { readableOr } from '../../api/interceptors';
import { reloadPage } from '../../lib/reload';
import styles from './modal-content.module.scss';

const FALLBACK =
  'У нас что-то сломалось, и мы уже чиним. Обновите страницу через пару минут — ваши данные в сохранности.';

/** Our side failed: say so plainly and offer a fresh start; a technical text never reaches the parent. */
export default function TechnicalFailureModal({ message }: ModalPropsMap['technical-failure']) {
  return (
    <ModalShell title="Технический сбой" size="sm" art={<ModalArt kind="error" />}>
      <p className={styles.text}>{readableOr(message, () => FALLBACK)}</p>
      <div className={styles.actions}>
        <Button variant="secondary" onClick={closeModal}>
          Закрыть
        </Button>
        <Button onClick={reloadPage} autoFocus>
          Обновить страницу
        </Button>
      </div>
    </ModalShell>
  );
}
