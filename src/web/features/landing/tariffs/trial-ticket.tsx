import type { SubscriptionItem } from '@contract/api/catalog';
import { DAYS, plural, pluralize } from '@contract/plural';
import { pathTo } from '../../../lib/routes';
import { ButtonLink } from '../../../components/ui/button-link';
import styles from './tariffs-section.module.scss';

/** The free trial, highlighted apart from the paid tariffs. */
export function TrialTicket({ trial }: { trial: SubscriptionItem }) {
  return (
    <div className={styles.trial}>
      <div className={styles.trialIcon} aria-hidden="true">
        <span>
          {trial.trial_days}
          <small>{plural(trial.trial_days, DAYS)}</small>
        </span>
      </div>
      <div className={styles.trialText}>
        <p className={styles.trialTitle}>
          {trial.title}: {pluralize(trial.trial_days, DAYS)} бесплатно
        </p>
        <p className={styles.trialNote}>
          Без банковской карты: неделя закончится сама, мы ничего не спишем.
        </p>
      </div>
      <ButtonLink
        to={pathTo('subscribe', undefined, { tariff: String(trial.id) })}
        variant="accent"
      >
        Начать бесплатно
      </ButtonLink>
    </div>
  );
}
