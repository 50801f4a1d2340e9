import type { LandingData } from '@contract/api/content';
import { PlayIcon } from '../../components/illustrations/icons';
import { Container } from '../../components/ui/container';
import { Skeleton } from '../../components/ui/skeleton';
import { openModal } from '../../components/modal/modal-store';
import styles from './video-section.module.scss';

/** docs/PRODUCT.md promo video: the heading, the poster; play opens the video modal with video_link. */
export function VideoSection({ landing }: { landing: LandingData | undefined }) {
  const play = () => {
    if (!landing) return;
    openModal('video', {
      url: landing.video_link,
      poster: landing.video_poster,
      title: landing.video_heading,
    });
  };
  return (
    <section className={styles.section} aria-labelledby="promo-video-title">
      <Container>
        <header className={styles.head}>
          <p className={styles.eyebrow}>Видео</p>
          <h2 id="promo-video-title" className={styles.title}>
            {landing ? landing.video_heading : <Skeleton width={320} />}
          </h2>
        </header>
        <div className={styles.frame}>
          <button
            type="button"
            className={styles.player}
            onClick={play}
            disabled={!landing}
            aria-label={landing ? `Смотреть видео: ${landing.video_heading}` : 'Видео загружается'}
          >
            {landing && (
              <img
                src={landing.video_poster}
                alt=""
                width={1280}
                height={720}
                loading="lazy"
                decoding="async"
              />
            )}
            <span className={styles.play} aria-hidden="true">
              <PlayIcon size={40} />
            </span>
          </button>
        </div>
      </Container>
    </section>
  );
}
