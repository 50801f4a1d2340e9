import { NotOpenYetModal, SupportContact } from './not-open-yet';
import styles from '../modal-content.module.scss';

/**
 * `/fail-payment`: where the bank sends a payer back after a declined payment. Payments are not built
 * yet, so no payment could have failed: say that, and where to write with a question.
 */
export default function FailPaymentModal() {
  return (
    <NotOpenYetModal title="Оплата пока не работает">
      <p className={styles.text}>
        Оплата на сайте появится скоро, а пока деньги ни за что не списываются.
      </p>
      <p className={styles.text}>
        Если у вас вопрос, напишите <SupportContact />.
      </p>
    </NotOpenYetModal>
  );
}
