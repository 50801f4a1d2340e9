import { LESSONS, pluralize } from '@contract/plural';
import type { AgeGroupSlug } from '@contract/api/catalog';
import { useProgramOutline } from '../../api/program-outline';
import { ErrorState } from '../../components/ui/error-state';
import { Skeleton } from '../../components/ui/skeleton';
import { formatDuration } from './lesson-duration';
import { OutlineLessonCard } from './outline-lesson-card';
import styles from './program-outline.module.scss';

/** The main program of an age group week by week, each week unfolding into its lessons. */
export function ProgramWeeks({ age }: { age: AgeGroupSlug }) {
  const { data, isError, isFetching, refetch } = useProgramOutline('main', age);

  let body;
  if (data) {
    body =
      data.weeks.length === 0 ? (
        <p className={styles.muted}>Уроки этой программы скоро появятся.</p>
      ) : (
        <div className={styles.weeks}>
          {data.weeks.map((week, index) => {
            const seconds = week.lessons.reduce((sum, l) => sum + l.duration_seconds, 0);
            return (
              <details key={week.number} className={styles.week} open={index === 0}>
                <summary className={styles.summary}>
                  <span className={styles.weekNumber}>Неделя {week.number}</span>
                  <span className={styles.weekTitle}>{week.title}</span>
                  <span className={styles.weekFacts}>
                    {pluralize(week.lessons.length, LESSONS)} · {formatDuration(seconds)}
                  </span>
                </summary>
                <ul className={styles.lessons} role="list">
                  {week.lessons.map((lesson) => (
                    <OutlineLessonCard
                      key={lesson.id}
                      lesson={lesson}
                      lockedText="Откроется с подпиской"
                    />
                  ))}
                </ul>
              </details>
            );
          })}
        </div>
      );
  } else if (isError) {
    body = (
      <ErrorState
        compact
        title="Не удалось загрузить уроки программы"
        onRetry={() => void refetch()}
        retrying={isFetching}
      />
    );
  } else {
    body = (
      <div
        className={styles.weeks}
        role="status"
        aria-busy="true"
        aria-label="Загружаем уроки программы"
      >
        <Skeleton height={64} radius={20} />
        <Skeleton height={64} radius={20} />
        <Skeleton height={64} radius={20} />
      </div>
    );
  }

  return (
    <section className={styles.section} aria-labelledby="weeks-title">
      <div className={styles.sectionHead}>
        <h2 id="weeks-title" className={styles.sectionTitle}>
          Уроки по неделям
        </h2>
        <p className={styles.muted}>
          Первый урок программы можно посмотреть бесплатно, без регистрации.
        </p>
      </div>
      {body}
    </section>
  );
}
