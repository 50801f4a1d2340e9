import { ModalShell } from '../../../components/modal/modal-shell';
import { closeModal, type ModalPropsMap } from '../../../components/modal/modal-store';
import { Button, buttonClassName } from '../../../components/ui/button';
import { lessonDuration } from './lesson-duration';
import styles from './video-modals.module.scss';

/** The lesson modal: what the lesson is about, for the parent. */
export default function LessonModal({ lesson, onPlay }: ModalPropsMap['lesson']) {
  return (
    <ModalShell title={lesson.title} size="md">
      <img className={styles.poster} src={lesson.video.poster} alt="" width={640} height={360} />
      <p className={styles.meta}>
        {lesson.week !== null && <>Неделя {lesson.week} · </>}
        {lessonDuration(lesson.duration_seconds)}
        {lesson.progress.completed && <> · просмотрен</>}
      </p>
      <p className={styles.textLeft}>{lesson.description}</p>
      {!lesson.available && lesson.lock_message && (
        <p className={styles.lock} role="note">
          {lesson.lock_message}
        </p>
      )}
      {lesson.task && (
        // A file for the parent to print: the browser opens or saves it, the page stays.
        <a
          className={buttonClassName({ variant: 'secondary', size: 'lg', block: true })}
          href={lesson.task}
          target="_blank"
          rel="noopener"
          download
        >
          Задание для печати (PDF)
        </a>
      )}
      {lesson.available && onPlay && (
        <Button
          block
          size="lg"
          onClick={() => {
            closeModal();
            onPlay();
          }}
        >
          Смотреть урок
        </Button>
      )}
    </ModalShell>
  );
}
