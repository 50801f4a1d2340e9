import { useState } from 'react';
import { ModalShell } from './modal-shell';
import { closeModal, openModal, type ModalPropsMap } from './modal-store';
import { isLoggedIn } from '../api/session';
import styles from './video-modal.module.scss';

/**
 * Plays one video (the landing's promo) with its poster; the browser's own accessible controls. SPEC
 * «Video end»: at the end a logged-in parent's modal closes; a visitor is invited to register.
 */
export default function VideoModal({ url, poster, title }: ModalPropsMap['video']) {
  const ended = () => {
    if (isLoggedIn()) closeModal();
    else openModal('video-alert', { url, poster, title });
  };
  const [failed, setFailed] = useState(false);
  return (
    <ModalShell title={title ?? 'Видео'} hideTitle size="video">
      {failed ? (
        <p className={styles.failed} role="alert">
          Видео не загрузилось. Проверьте подключение к интернету и попробуйте ещё раз.
        </p>
      ) : (
        <video
          className={styles.video}
          src={url}
          poster={poster}
          controls
          autoPlay
          playsInline
          preload="auto"
          onError={() => setFailed(true)}
          onEnded={ended}
        />
      )}
    </ModalShell>
  );
}
