import { ModalShell } from '../../../components/modal/modal-shell';
import { ModalArt } from '../../../components/modal/modal-art';
import { openModal } from '../../../components/modal/modal-store';
import { Button } from '../../../components/ui/button';
import type { ModalPropsMap } from '../../../components/modal/modal-store';
import styles from './video-modals.module.scss';
import alert from './video-alert-modal.module.scss';

/**
 * The «Video end» modal: a visitor who watched the landing's promo to the end is invited to register, or to
 * watch it once more.
 */
export default function VideoAlertModal(props: ModalPropsMap['video']) {
  return (
    <ModalShell title="Понравилось?" size="sm" art={<ModalArt kind="gift" />}>
      <p className={styles.text}>
        Зарегистрируйтесь — первая неделя уроков бесплатно, без привязки карты.
      </p>
      <div className={alert.actions}>
        <Button onClick={() => openModal('register')}>Зарегистрироваться</Button>
        <Button variant="secondary" onClick={() => openModal('video', props)}>
          Смотреть ещё раз
        </Button>
      </div>
    </ModalShell>
  );
}
