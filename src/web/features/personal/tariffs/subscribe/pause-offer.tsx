import { useId, useState } from 'react';
import { formatMoscowDate } from '@contract/moscow-date';
import { PAUSE_MAX_WEEKS } from '@contract/api/renewals';
import { WEEKS, pluralize } from '@contract/plural';
import { renewal, type RenewalState } from '../../../../api/renewal';
import { Button } from '../../../../components/ui/button';
import { toast } from '../../../../components/toast/toast';
import { closeModal } from '../../../../components/modal/modal-store';
import { useRequestFailure } from './request-failure';
import styles from './subscribe-modal.module.scss';

const WEEK_MS = 7 * 24 * 60 * 60_000;
const later = (iso: string, weeks: number) =>
  formatMoscowDate(new Date(new Date(iso).getTime() + weeks * WEEK_MS));

/**
 * «Каникулы» instead of a refusal: 1–4 weeks, with the dates they move shown before the parent agrees.
 * Lessons wait; the subscription's end and the next charge move by the same weeks.
 */
export function PauseOffer({
  state,
  endsAt,
  question,
  lead,
}: {
  state: RenewalState;
  /** The end of all paid time: the pause moves it. */
  endsAt: string;
  /**
   * «Может, лучше каникулы?» where the parent came to refuse renewal; none where they chose «Взять
   * каникулы» themselves — the modal's own title says it.
   */
  question?: string;
  lead: string;
}) {
  const id = useId();
  const allowed = Math.min(state.pause_weeks_left, PAUSE_MAX_WEEKS);
  const [weeks, setWeeks] = useState(Math.min(2, allowed));
  const [busy, setBusy] = useState(false);
  const { failure, fail, clear } = useRequestFailure();

  const take = async () => {
    clear();
    setBusy(true);
    try {
      const next = await renewal.pause(weeks);
      closeModal();
      toast.success(
        `Каникулы до ${formatMoscowDate(next.paused_until ?? '')}`,
        'Уроки откроются сами, когда каникулы закончатся.',
      );
    } catch (error) {
      fail(error);
      setBusy(false);
    }
  };

  return (
    <section className={styles.offer} aria-labelledby={question ? `${id}-title` : undefined}>
      {question && (
        <h3 id={`${id}-title`} className={styles.offerTitle}>
          {question}
        </h3>
      )}
      <p className={styles.offerText}>{lead}</p>
      <fieldset className={styles.weeks}>
        <legend className={styles.legend}>Сколько недель отдыхаем</legend>
        {Array.from({ length: PAUSE_MAX_WEEKS }, (_, i) => i + 1).map((count) => (
          <label key={count} className={styles.week}>
            <input
              type="radio"
              name={`${id}-weeks`}
              value={count}
              checked={weeks === count}
              disabled={count > allowed}
              onChange={() => setWeeks(count)}
            />
            <span>{pluralize(count, WEEKS)}</span>
          </label>
        ))}
      </fieldset>
      <p className={styles.preview} role="status">
        Подписка продлится до {later(endsAt, weeks)}
        {state.active && state.next_charge_at
          ? `, списание перенесётся на ${later(state.next_charge_at, weeks)}`
          : ''}
        .
      </p>
      {failure && (
        <p className={styles.error} role="alert">
          {failure}
        </p>
      )}
      <Button variant="accent" block loading={busy} onClick={() => void take()}>
        Взять каникулы на {pluralize(weeks, WEEKS)}
      </Button>
    </section>
  );
}
