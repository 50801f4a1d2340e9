import { useState } from 'react';
import { formatMoscowDate } from '@contract/moscow-date';
import { errorMessage } from '../../api/interceptors';
import { renewal, type RenewalState } from '../../api/renewal';
import { Button } from '../../components/ui/button';
import { toast } from '../../components/toast/toast';
import { withGrownUp } from './grown-up';
import { refreshLessons } from './lessons-api';
import styles from './video-page.module.scss';

/** Ends «каникулы» today, after the grown-up's task; a refusal becomes a sentence to show. */
export function useEndHoliday() {
  const [ending, setEnding] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const end = () =>
    withGrownUp('закончить каникулы', () => {
      setEnding(true);
      setProblem(null);
      renewal.resume().then(
        async () => {
          await refreshLessons();
          setEnding(false);
          toast.success('Каникулы закончились', 'Уроки снова открыты.');
        },
        (error: unknown) => {
          setEnding(false);
          setProblem(errorMessage(error));
        },
      );
    });
  return { end, ending, problem };
}

/**
 * The family's paid subscription stands still: when the lessons come back, what the pause did to the
 * subscription (the server moved its end, and the next charge, by the paused weeks), and the way to end
 * it early. Nothing here sells: the family already has its subscription.
 */
export function HolidayBanner({ state }: { state: RenewalState & { paused_until: string } }) {
  const { end, ending, problem } = useEndHoliday();
  const until = formatMoscowDate(state.paused_until);
  const charge = state.active && state.next_charge_at ? state.next_charge_at : null;
  return (
    <section className={styles.holiday} aria-labelledby="holiday-title">
      <div className={styles.holidayText}>
        <h2 id="holiday-title" className={styles.holidayTitle}>
          Каникулы до {until}
        </h2>
        <p>
          {until} уроки откроются сами
          {state.paid_until
            ? `, а подписка продлится на время каникул — до ${formatMoscowDate(state.paid_until)}`
            : ''}
          .{charge ? ` Следующее списание тоже сдвинулось — на ${formatMoscowDate(charge)}.` : ''}
        </p>
        <p>
          Вернуться можно раньше: уроки откроются сразу, а неиспользованные дни каникул уйдут из
          срока подписки.
        </p>
      </div>
      <Button variant="secondary" onClick={end} loading={ending}>
        Закончить каникулы
      </Button>
      {problem && (
        <p className={styles.problem} role="alert">
          {problem}
        </p>
      )}
    </section>
  );
}
