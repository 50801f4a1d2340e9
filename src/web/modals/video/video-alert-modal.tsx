import { ModalShell } from '../modal-shell';
import { ModalArt } from '../modal-art';
import { openModal } from '../modal-store';
import { Button } from '../../components/ui/button';
import type { ModalPropsMap } from '../modal-store';
import styles from './video-modals.module.scss';

/**
 * SPEC «Video end»: a visitor who watched the landing's promo to the end is invited to register, or to
 * watch it once more.
 */
export default function VideoAlertModal(props: ModalPropsMap['video']) {
  return (
    <ModalShell title="Понравилось?" size="sm" art={<ModalArt kind="gift" />}>
      <p className={styles.text}>
        Зарегистрируйтесь — первая неделя уроков бесплатно, без привязки карты.
      </p>
      <div className={styles.actions}>
        <Button variant="secondary" onClick={() => openModal('video', props)}>
          Смотреть ещё раз
        </Button>
        <Button onClick={() => openModal('register')}>Зарегистрироваться</Button>
      </div>
    </ModalShell>
  );
}
