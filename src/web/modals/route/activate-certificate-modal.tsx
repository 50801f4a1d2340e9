import { NotOpenYetModal, SupportContact } from './not-open-yet';
import styles from '../modal-content.module.scss';

/**
 * `/activate-certificate`: where a gift certificate's code is entered. Gifts are not built yet, so there
 * is nothing a code could activate: say so honestly instead of a form that can only fail.
 */
export default function ActivateCertificateModal() {
  return (
    <NotOpenYetModal title="Сертификаты скоро" art="gift">
      <p className={styles.text}>
        Подарочные сертификаты появятся на сайте скоро — мы доделываем этот раздел. Сохраните письмо
        с кодом: активировать его можно будет здесь же.
      </p>
      <p className={styles.text}>
        Если вопрос срочный, напишите <SupportContact />.
      </p>
    </NotOpenYetModal>
  );
}
