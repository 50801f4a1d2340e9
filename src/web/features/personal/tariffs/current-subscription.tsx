import type { ProfileSubscription } from '@contract/api/auth';
import { formatMoscowDate } from '@contract/moscow-date';
import type { RenewalState } from '../../../api/renewal';
import { Badge } from '../../../components/ui/badge';
import { forChildren } from '../../landing';
import { Panel } from '../panel';
import { tariffTitle, trialName } from './subscription-summary';
import styles from './tariffs-page.module.scss';

/** What the family has now: the tariff, until when, for how many children, and what happens after. */
export function CurrentSubscription({
  subscription,
  renewal,
}: {
  subscription: ProfileSubscription | null;
  /** Auto-renewal and «каникулы», once read. */
  renewal: RenewalState | undefined;
}) {
  const pausedUntil = renewal?.paused_until ?? null;
  if (!subscription) {
    return (
      <Panel
        title="Подписка"
        aside={<Badge tone="neutral">Нет подписки</Badge>}
        description="Выберите тариф ниже: уроки откроются сразу после оплаты."
      >
        {null}
      </Panel>
    );
  }
  const until = formatMoscowDate(subscription.ends_at);
  // A period bought ahead starts when this one ends.
  const paidAhead =
    renewal?.paid_until && new Date(renewal.paid_until) > new Date(subscription.ends_at)
      ? formatMoscowDate(renewal.paid_until)
      : null;
  return (
    <Panel
      title="Подписка"
      aside={
        pausedUntil ? (
          <Badge tone="accent">Каникулы до {formatMoscowDate(pausedUntil)}</Badge>
        ) : (
          <Badge tone={subscription.is_free ? 'sun' : 'mint'}>
            {subscription.is_free ? trialName(subscription) : 'Действует'}
          </Badge>
        )
      }
    >
      <dl className={styles.facts}>
        <div>
          <dt>Тариф</dt>
          <dd>{tariffTitle(subscription)}</dd>
        </div>
        <div>
          <dt>Действует до</dt>
          <dd>{until}</dd>
        </div>
        {paidAhead && (
          <div>
            <dt>Следующий оплаченный срок</dt>
            <dd>до {paidAhead}</dd>
          </div>
        )}
        <div>
          <dt>Занятия</dt>
          <dd>{forChildren(subscription.amount_children)}</dd>
        </div>
        <div>
          <dt>Автопродление</dt>
          <dd>{renewalLine(subscription, renewal)}</dd>
        </div>
      </dl>
    </Panel>
  );
}

function renewalLine(subscription: ProfileSubscription, renewal: RenewalState | undefined): string {
  if (renewal?.active && renewal.next_charge_at) {
    return `Включено — следующее списание ${formatMoscowDate(renewal.next_charge_at)}`;
  }
  if (subscription.is_free) {
    // «неделя закончится сама», «период закончится сам».
    const ends = trialName(subscription) === 'Пробная неделя' ? 'сама' : 'сам';
    return `${trialName(subscription)} закончится ${ends}, с карты ничего не спишется`;
  }
  const end = formatMoscowDate(renewal?.paid_until ?? subscription.ends_at);
  return `Выключено — ${end} подписка закончится, с карты ничего не спишется`;
}
