import { LESSONS, WEEKS, pluralize } from '@contract/plural';
import { ModalShell } from '../../../components/modal/modal-shell';
import type { ModalPropsMap } from '../../../components/modal/modal-store';
import styles from './video-modals.module.scss';

/** The program modal: what the child follows and which of its weeks are open. */
export default function ProgramModal({
  title,
  weeks,
  lessonsShown,
  kind,
  description,
}: ModalPropsMap['program']) {
  const open = weeks.filter((week) => week.open).length;
  return (
    <ModalShell title={title} size="md">
      {description && <p className={styles.textLeft}>{description}</p>}
      {kind === 'main' ? (
        <>
          <p className={styles.textLeft}>
            Основная программа по возрасту: {pluralize(weeks.length, WEEKS)}, каждую неделю — новые
            уроки. Открыто сейчас: {pluralize(open, WEEKS)}.
          </p>
          <ol className={styles.weeks}>
            {weeks.map((week) => (
              <li key={week.number} data-open={week.open}>
                <span>
                  Неделя {week.number}. {week.title}
                </span>
                <span className={styles.weekState}>{week.open ? 'открыта' : 'закрыта'}</span>
              </li>
            ))}
          </ol>
        </>
      ) : (
        <p className={styles.textLeft}>
          Дополнительная программа: {pluralize(lessonsShown, LESSONS)}. Первый урок можно посмотреть
          бесплатно.
        </p>
      )}
    </ModalShell>
  );
}
