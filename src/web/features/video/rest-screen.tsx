// «Пора отдохнуть»: what the video page shows instead of the player when the child's screen time for today
// is over (docs/PRODUCT.md «Экранное время»). A child of three cannot read, so the message is the picture — a
// moon asleep under the stars; the words are a caption for the grown-up and for screen readers. Only a
// grown-up adds minutes, through the same task as leaving the lessons.
import { useId, useState } from 'react';
import { pluralize, MINUTES } from '@contract/plural';
import { EXTENSION_MINUTES, type ScreenTime } from '@contract/api/screen-time';
import { Button } from '../../components/ui/button';
import { extendScreenTime } from '../../api/screen-time';
import { errorMessage } from '../../api/interceptors';
import { withGrownUp } from './grown-up';
import styles from './rest-screen.module.scss';

function whyFor(state: ScreenTime): string {
  if (state.reason === 'late' && state.no_lessons_after !== null) {
    return `Уроки на сегодня закончились: после ${state.no_lessons_after}:00 ребёнок отдыхает.`;
  }
  return `Сегодня ребёнок посмотрел ${pluralize(state.minutes_today, MINUTES)} уроков — лимит на день исчерпан.`;
}

export interface RestScreenProps {
  state: ScreenTime;
}

export function RestScreen({ state }: RestScreenProps) {
  const titleId = useId();
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const extend = () =>
    withGrownUp(`добавить ещё ${pluralize(EXTENSION_MINUTES, MINUTES)} уроков`, () => {
      setPending(true);
      setError(null);
      extendScreenTime(state.child_id)
        .catch((failure: unknown) => setError(errorMessage(failure)))
        .finally(() => setPending(false));
    });

  return (
    <section className={styles.rest} aria-labelledby={titleId}>
      <SleepingMoon />
      <div className={styles.caption}>
        <h3 id={titleId} className={styles.title}>
          Пора отдохнуть
        </h3>
        <p className={styles.why}>{whyFor(state)}</p>
        {state.can_extend ? (
          <Button variant="secondary" size="sm" loading={pending} onClick={extend}>
            Ещё {pluralize(EXTENSION_MINUTES, MINUTES)}
          </Button>
        ) : (
          <p className={styles.why}>Продлить сегодня больше нельзя — до завтра!</p>
        )}
        {error && (
          <p className={styles.error} role="alert">
            {error}
          </p>
        )}
      </div>
    </section>
  );
}

/** A big crescent moon with closed eyes and rosy cheeks, «z z z», stars and a cloud: «it is time to sleep». */
function SleepingMoon() {
  const mask = useId();
  return (
    <svg
      className={styles.picture}
      viewBox="0 0 320 200"
      role="img"
      aria-label="Месяц спит среди звёзд: пора отдохнуть"
    >
      <defs>
        <mask id={mask}>
          <rect width="320" height="200" fill="#fff" />
          <circle cx="196" cy="78" r="58" fill="#000" />
        </mask>
      </defs>
      <g fill="#fff6c2">
        <path d="m48 40 3 7 7 3-7 3-3 7-3-7-7-3 7-3z" />
        <path d="m262 132 2.5 6 6 2.5-6 2.5-2.5 6-2.5-6-6-2.5 6-2.5z" />
        <path d="m70 150 2 5 5 2-5 2-2 5-2-5-5-2 5-2z" />
        <path d="m290 70 2 5 5 2-5 2-2 5-2-5-5-2 5-2z" />
        <circle cx="100" cy="28" r="2.5" />
        <circle cx="236" cy="168" r="2.5" />
        <circle cx="30" cy="100" r="2" />
        <circle cx="300" cy="24" r="2" />
      </g>
      <g mask={`url(#${mask})`}>
        <circle cx="160" cy="102" r="66" fill="#ffd84d" />
        <circle cx="160" cy="102" r="66" fill="none" stroke="#f2b705" strokeWidth="4" />
      </g>
      <g fill="none" stroke="#7a4b00" strokeWidth="4" strokeLinecap="round">
        <path d="M106 96q10 9 20 0" />
        <path d="M124 134q9 7 18 0" />
      </g>
      <circle cx="110" cy="116" r="8" fill="#ff9eb0" opacity="0.8" />
      <g fill="none" stroke="#cfe3ff" strokeWidth="5" strokeLinecap="round" strokeLinejoin="round">
        <path d="M214 60h14l-14 14h14" />
        <path d="M240 38h11l-11 11h11" />
        <path d="M262 20h8l-8 8h8" />
      </g>
      <g fill="#e8f0ff">
        <ellipse cx="170" cy="182" rx="70" ry="18" />
        <circle cx="140" cy="170" r="20" />
        <circle cx="176" cy="162" r="26" />
        <circle cx="208" cy="172" r="18" />
      </g>
    </svg>
  );
}
