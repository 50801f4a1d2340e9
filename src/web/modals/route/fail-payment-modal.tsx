import { ModalShell } from '../modal-shell';
import { ModalArt } from '../modal-art';
import { closeModal } from '../modal-store';
import { useSession } from '../../api/session';
import { pathTo } from '../../app/routes';
import { Button } from '../../components/ui/button';
import { ButtonLink } from '../../components/ui/button-link';
import styles from '../modal-content.module.scss';

/** `/fail-payment`: the bank sent the payer back after a declined or cancelled payment. */
export default function FailPaymentModal() {
  const { isLoggedIn } = useSession();
  return (
    <ModalShell title="Оплата не прошла" size="sm" art={<ModalArt kind="error" />}>
      <p className={styles.text}>
        Деньги не списаны. Проверьте данные карты и попробуйте ещё раз — или оплатите другой картой.
      </p>
      <div className={styles.actions}>
        <Button variant="secondary" onClick={closeModal}>
          Закрыть
        </Button>
        {/* Navigating away closes the modal (ModalRoot). */}
        <ButtonLink to={pathTo(isLoggedIn ? 'tariffs' : 'subscribe')}>Попробовать снова</ButtonLink>
      </div>
    </ModalShell>
  );
}
