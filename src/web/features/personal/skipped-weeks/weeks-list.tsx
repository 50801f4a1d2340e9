import { useId, useState } from 'react';
import type { Child } from '@contract/api/children';
import type { SkippedWeeks } from '@contract/api/learning';
import { formatPrice } from '@contract/money';
import { pluralize, LESSONS, WEEKS, type PluralForms } from '@contract/plural';
import { FormAlert } from '../../../components/form/form-alert';
import { Button } from '../../../components/ui/button';
import { PriceTag } from '../../../components/ui/price-tag';
import { formatDateRange } from './date-range';
import { usePayWeeks } from './use-pay-weeks';
import styles from './skipped-weeks-page.module.scss';

// After «за»: «за 1 неделю», «за 2 недели», «за 5 недель».
const WEEKS_AFTER_ZA: PluralForms = { one: 'неделю', few: 'недели', many: 'недель' };

type Week = SkippedWeeks['weeks'][number];

function WeekRow({
  week,
  picked,
  onToggle,
}: {
  week: Week;
  picked: boolean;
  onToggle: (picked: boolean) => void;
}) {
  const id = useId();
  return (
    <li className={styles.week} data-picked={picked || undefined}>
      <input
        id={id}
        className={styles.weekCheck}
        type="checkbox"
        checked={picked}
        onChange={(event) => onToggle(event.target.checked)}
        aria-labelledby={`${id}-number ${id}-title`}
        aria-describedby={`${id}-facts ${id}-price`}
      />
      {/* The whole card ticks the week: an empty label stretched over it. */}
      <label htmlFor={id} className={styles.weekHit} aria-hidden="true" />
      <div className={styles.weekText}>
        <p id={`${id}-number`} className={styles.weekNumber}>
          Неделя {week.number}
        </p>
        <h3 id={`${id}-title`} className={styles.weekTitle}>
          {week.title}
        </h3>
        <p id={`${id}-facts`} className={styles.weekFacts}>
          <span>{formatDateRange(week.starts_on, week.ends_on)}</span>
          <span aria-hidden="true"> · </span>
          <span className="visually-hidden">, </span>
          <span>{pluralize(week.lessons, LESSONS)}</span>
        </p>
      </div>
      <span id={`${id}-price`} className={styles.priceBox}>
        <PriceTag amount={week.price} className={styles.price} />
      </span>
    </li>
  );
}

/** A child's skipped weeks, every one ticked at first; the parent pays for the ticked ones. */
export function WeeksList({
  child,
  data,
  onRefused,
}: {
  child: Child;
  data: SkippedWeeks;
  onRefused: () => void;
}) {
  const [unpicked, setUnpicked] = useState<ReadonlySet<number>>(() => new Set());
  const { pay, busy, problem, clearProblem } = usePayWeeks(child.id, onRefused);
  const picked = data.weeks.filter((week) => !unpicked.has(week.week_id));
  const total = picked.reduce((sum, week) => sum + week.price, 0);

  const toggle = (weekId: number, on: boolean) => {
    clearProblem();
    setUnpicked((previous) => {
      const next = new Set(previous);
      if (on) next.delete(weekId);
      else next.add(weekId);
      return next;
    });
  };

  return (
    <>
      <div className={styles.head}>
        <h2 className={styles.title}>Пропущено: {pluralize(data.weeks.length, WEEKS)}</h2>
        <p className={styles.lead}>
          {child.name}
          {data.program && ` · программа «${data.program.title}»`}
        </p>
      </div>
      <p className={styles.hint}>Отметьте недели, которые хотите открыть.</p>
      <ul className={styles.weeks} role="list">
        {data.weeks.map((week) => (
          <WeekRow
            key={week.week_id}
            week={week}
            picked={!unpicked.has(week.week_id)}
            onToggle={(on) => toggle(week.week_id, on)}
          />
        ))}
      </ul>
      <div className={styles.summary}>
        <p className={styles.total} aria-live="polite">
          {picked.length > 0
            ? `Итого: ${formatPrice(total)} за ${pluralize(picked.length, WEEKS_AFTER_ZA)}`
            : 'Не выбрано ни одной недели'}
        </p>
        <p className={styles.soon}>
          Купленные недели откроются ребёнку навсегда и будут доступны в любой день, даже без
          подписки. Один платёж, оплата картой на странице банка.
        </p>
        <FormAlert message={problem} />
        <Button
          size="lg"
          variant="accent"
          className={styles.pay}
          disabled={picked.length === 0}
          loading={busy}
          onClick={() => void pay(picked.map((week) => week.week_id))}
        >
          {picked.length > 0 ? `Оплатить ${formatPrice(total)}` : 'Оплатить'}
        </Button>
      </div>
    </>
  );
}
