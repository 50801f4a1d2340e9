import { useState } from 'react';
import { ModalShell } from '../../../components/modal/modal-shell';
import { closeModal, openModal, type ModalPropsMap } from '../../../components/modal/modal-store';
import { isLoggedIn } from '../../../api/session';
import styles from './video-modal.module.scss';

/**
 * Plays one video (the landing's promo, a program's free lesson) with its poster and, when it has them,
 * Russian subtitles; the browser's own accessible controls. At the end a logged-in parent's modal closes; a visitor is invited to register.
 */
export default function VideoModal({ url, poster, title, subtitles }: ModalPropsMap['video']) {
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
          // Subtitles from a bucket's presigned link on another origin are read only with CORS, as in the
          // lessons' player; a video without them is loaded as before.
          {...(subtitles ? { crossOrigin: 'anonymous' as const } : {})}
          controls
          autoPlay
          playsInline
          preload="auto"
          onError={() => setFailed(true)}
          onEnded={ended}
        >
          {subtitles && (
            // The same Russian track as the lessons on /video, on from the start.
            <track kind="subtitles" src={subtitles} srcLang="ru" label="Русские субтитры" default />
          )}
        </video>
      )}
    </ModalShell>
  );
}
