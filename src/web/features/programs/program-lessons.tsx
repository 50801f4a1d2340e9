import { useEffect, useRef, useState } from 'react';
import { useProgramOutline } from '../../api/program-outline';
import { ErrorState } from '../../components/ui/error-state';
import { Skeleton } from '../../components/ui/skeleton';
import { OutlineLessonCard } from './outline-lesson-card';
import styles from './program-outline.module.scss';

function Lessons({ slug }: { slug: string }) {
  const { data, isError, isFetching, refetch } = useProgramOutline('additional', slug);
  if (data) {
    return (
      <ul className={styles.lessons} role="list">
        {data.lessons.map((lesson) => (
          <OutlineLessonCard
            key={lesson.id}
            lesson={lesson}
            lockedText={
              data.program.locked ? 'Программа скоро откроется' : 'Откроется после покупки'
            }
          />
        ))}
      </ul>
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
      <Skeleton height={120} radius={16} />
    </div>
  );
}

/** An additional program's lessons, unfolded on request (loaded only then). */
export function ProgramLessons({ slug }: { slug: string }) {
  const [open, setOpen] = useState(false);
  const details = useRef<HTMLDetailsElement>(null);
  // On a page rendered on the server the parent may unfold it before the app holds the page: the browser
  // opens it by itself, and the app learns it here.
  useEffect(() => {
    if (details.current?.open) setOpen(true);
  }, []);
  return (
    <details
      ref={details}
      className={styles.programLessons}
      onToggle={(e) => setOpen(e.currentTarget.open)}
    >
      <summary className={styles.summary}>
        <span className={styles.weekTitle}>Уроки программы</span>
      </summary>
      {open && <Lessons slug={slug} />}
    </details>
  );
}
