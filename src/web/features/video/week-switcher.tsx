import { useId } from 'react';
import styles from './week-switcher.module.scss';

interface WeekSwitcherProps {
  weeks: { number: number; title: string; open: boolean }[];
  current: number;
  onChange: (week: number) => void;
}

/** The weeks of the main program: arrows for one step, chips for any week, a lock on the closed ones. */
export function WeekSwitcher({ weeks, current, onChange }: WeekSwitcherProps) {
  const id = useId();
  const index = weeks.findIndex((week) => week.number === current);
  const previous = weeks[index - 1];
  const next = weeks[index + 1];
  const shown = weeks[index];
  return (
    <nav className={styles.weeks} aria-labelledby={`${id}-label`}>
      <p id={`${id}-label`} className={styles.weekLabel}>
        Неделя {current} из {weeks.length}
        {shown && <span className={styles.weekTitle}>{shown.title}</span>}
      </p>
      <div className={styles.weekRow}>
        <button
          type="button"
          className={styles.weekArrow}
          disabled={!previous}
          onClick={() => previous && onChange(previous.number)}
          aria-label="Предыдущая неделя"
        >
          <svg viewBox="0 0 24 24" aria-hidden="true">
            <path d="M15 5 8 12l7 7" />
          </svg>
        </button>
        <ol className={styles.weekChips}>
          {weeks.map((week) => (
            <li key={week.number}>
              <button
                type="button"
                className={styles.weekChip}
                aria-current={week.number === current ? 'step' : undefined}
                aria-label={`Неделя ${week.number}${week.open ? '' : ', закрыта'}`}
                data-open={week.open}
                onClick={() => onChange(week.number)}
              >
                {week.number}
              </button>
            </li>
          ))}
        </ol>
        <button
          type="button"
          className={styles.weekArrow}
          disabled={!next}
          onClick={() => next && onChange(next.number)}
          aria-label="Следующая неделя"
        >
          <svg viewBox="0 0 24 24" aria-hidden="true">
            <path d="m9 5 7 7-7 7" />
          </svg>
        </button>
      </div>
    </nav>
  );
}
