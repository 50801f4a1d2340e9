import type { OutlineLesson } from '../../api/program-outline';
import { LockIcon, PlayIcon } from '../../components/illustrations/icons';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { openModal } from '../../components/modal/modal-store';
import { formatDuration } from './lesson-duration';
import styles from './program-outline.module.scss';

/** One lesson of a program: poster, title, length; the free first lesson plays right here. */
export function OutlineLessonCard({
  lesson,
  lockedText,
}: {
  lesson: OutlineLesson;
  /** What opens the other lessons: the subscription, or buying the program. */
  lockedText: string;
}) {
  const { preview } = lesson;
  return (
    <li className={styles.lesson}>
      <div className={styles.posterBox}>
        <img
          className={styles.poster}
          src={lesson.poster}
          alt=""
          width={320}
          height={180}
          loading="lazy"
          decoding="async"
        />
        <span className={styles.duration}>
          <span className="visually-hidden">Длительность: </span>
          {formatDuration(lesson.duration_seconds)}
        </span>
      </div>
      <div className={styles.lessonBody}>
        <h3 className={styles.lessonTitle}>{lesson.title}</h3>
        <p className={styles.lessonText}>{lesson.description}</p>
        {preview ? (
          <div className={styles.lessonAction}>
            <Badge tone="mint">Бесплатно</Badge>
            <Button
              size="md"
              icon={<PlayIcon size={18} />}
              aria-label={`Смотреть бесплатно: ${lesson.title}`}
              onClick={() =>
                openModal('video', {
                  url: preview.url,
                  poster: lesson.poster,
                  title: lesson.title,
                  subtitles: preview.subtitles,
                })
              }
            >
              Смотреть бесплатно
            </Button>
          </div>
        ) : (
          <p className={styles.locked}>
            <LockIcon size={16} />
            {lockedText}
          </p>
        )}
      </div>
    </li>
  );
}
