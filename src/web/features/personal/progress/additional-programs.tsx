import { useId, useState } from 'react';
import type { ChildProgress } from '@contract/api/learning';
import { pluralize } from '@contract/plural';
import { useAdditionalProgress } from '../../../api/progress';
import { CheckIcon } from '../../../components/illustrations/icons';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { ErrorState } from '../../../components/ui/error-state';
import { Skeleton } from '../../../components/ui/skeleton';
import { LESSONS_OUT_OF, MINUTES } from './units';
import styles from './progress-page.module.scss';

type Summary = ChildProgress['additional'][number];

function minutesOf(seconds: number): number {
  return Math.floor(seconds / 60);
}

function LessonList({ childId, programId }: { childId: number; programId: number }) {
  const { data, isError, isFetching, refetch } = useAdditionalProgress(childId, programId, true);
  if (data) {
    return (
      <ol className={styles.lessons}>
        {data.lessons.map((lesson) => {
          const minutes = minutesOf(lesson.watched_seconds);
          let state = 'ещё не смотрели';
          if (lesson.completed) state = 'просмотрен';
          else if (lesson.watched_seconds > 0)
            state = minutes > 0 ? `начат, ${pluralize(minutes, MINUTES)}` : 'начат';
          return (
            <li key={lesson.lesson_id} className={styles.lesson} data-done={lesson.completed}>
              {lesson.completed ? (
                <CheckIcon size={22} className={styles.lessonDone} />
              ) : (
                <span className={styles.lessonDot} aria-hidden="true" />
              )}
              <span className={styles.lessonTitle}>{lesson.title}</span>
              <span className={styles.lessonState}>{state}</span>
            </li>
          );
        })}
      </ol>
    );
  }
  if (isError) {
    return (
      <ErrorState
        compact
        title="Не удалось загрузить уроки"
        onRetry={() => void refetch()}
        retrying={isFetching}
      />
    );
  }
  return (
    <div role="status" aria-busy="true" aria-label="Загружаем уроки программы">
      <Skeleton lines={3} />
    </div>
  );
}

function ProgramCard({ childId, program }: { childId: number; program: Summary }) {
  const [open, setOpen] = useState(false);
  const listId = useId();
  const titleId = useId();
  const share = program.lessons_total > 0 ? program.lessons_completed / program.lessons_total : 0;
  return (
    <li className={styles.program} aria-labelledby={titleId}>
      <div className={styles.programHead}>
        <h4 id={titleId} className={styles.programTitle}>
          {program.title}
        </h4>
        {program.open ? (
          <Badge tone="mint">Куплена</Badge>
        ) : (
          <Badge tone="neutral">Открыт первый урок</Badge>
        )}
      </div>
      <div className={styles.bar} aria-hidden="true">
        <span style={{ width: `${Math.round(share * 100)}%` }} />
      </div>
      <p className={styles.programFacts}>
        Просмотрено {program.lessons_completed} из{' '}
        {pluralize(program.lessons_total, LESSONS_OUT_OF)}
        {program.minutes_watched > 0 && `\u00a0· ${pluralize(program.minutes_watched, MINUTES)}`}
      </p>
      <Button
        variant="secondary"
        size="md"
        className={styles.programToggle}
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((value) => !value)}
      >
        {open ? 'Скрыть уроки' : 'Показать уроки'}
      </Button>
      <div id={listId} hidden={!open}>
        {open && <LessonList childId={childId} programId={program.additional_program_id} />}
      </div>
    </li>
  );
}

/** Additional programs the child has (bought, or tried through the free first lesson). */
export function AdditionalPrograms({ childId, items }: { childId: number; items: Summary[] }) {
  if (items.length === 0) {
    return (
      <p className={styles.muted}>
        Дополнительных программ пока нет. Первый урок каждой можно посмотреть бесплатно.
      </p>
    );
  }
  return (
    <ul className={styles.programs} role="list">
      {items.map((program) => (
        <ProgramCard key={program.additional_program_id} childId={childId} program={program} />
      ))}
    </ul>
  );
}
