import { useState } from 'react';
import { ModalShell } from './modal-shell';
import type { ModalPropsMap } from './modal-store';
import styles from './video-modal.module.scss';

/** Plays one video (the landing's promo) with its poster; the browser's own accessible controls. */
export default function VideoModal({ url, poster, title }: ModalPropsMap['video']) {
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
        />
      )}
    </ModalShell>
  );
}
