import type { LessonItem } from '@contract/api/lessons';
import { lessonDuration } from './modals/lesson-duration';
import styles from './lesson-card.module.scss';

interface LessonCardProps {
  lesson: LessonItem;
  playing: boolean;
  onOpen: () => void;
  onInfo: () => void;
}

/**
 * One lesson as a big picture a child can tap: its poster, a play or lock sign on it, a tick once watched.
 * The words below are for the parent.
 */
export function LessonCard({ lesson, playing, onOpen, onInfo }: LessonCardProps) {
  const state = lesson.progress.completed ? 'просмотрен' : lesson.available ? null : 'закрыт';
  return (
    <article className={styles.card} data-available={lesson.available} data-playing={playing}>
      <button
        type="button"
        className={styles.cardButton}
        onClick={onOpen}
        aria-current={playing || undefined}
      >
        <span className={styles.cardPicture}>
          <img src={lesson.video.poster} alt="" width={320} height={180} loading="lazy" />
          <span className={styles.cardSign} data-kind={lesson.available ? 'play' : 'lock'}>
            <svg viewBox="0 0 48 48" aria-hidden="true">
              {lesson.available ? (
                <path d="M18 13v22l18-11z" />
              ) : (
                <path d="M16 22v-5a8 8 0 0 1 16 0v5M13 22h22v15H13z" />
              )}
            </svg>
          </span>
          {lesson.progress.completed && (
            <span className={styles.cardDone} aria-hidden="true">
              <svg viewBox="0 0 24 24">
                <path d="m5 12 5 5 9-10" />
              </svg>
            </span>
          )}
        </span>
        <span className={styles.cardTitle}>
          {lesson.position}. {lesson.title}
        </span>
        <span className={styles.cardMeta}>
          {lessonDuration(lesson.duration_seconds)}
          {lesson.is_preview && ' · бесплатно'}
          {state && ` · ${state}`}
        </span>
      </button>
      <button
        type="button"
        className={styles.cardInfo}
        onClick={onInfo}
        aria-label={`Об уроке «${lesson.title}»`}
      >
        <svg viewBox="0 0 24 24" aria-hidden="true">
          <circle cx="12" cy="12" r="10" />
          <path d="M12 11v6M12 7.5v.5" />
        </svg>
      </button>
    </article>
  );
}
