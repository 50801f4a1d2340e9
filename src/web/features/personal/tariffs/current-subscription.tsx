import type { ProfileSubscription } from '@contract/api/auth';
import { formatMoscowDate } from '@contract/moscow-date';
import { Badge } from '../../../components/ui/badge';
import { forChildren } from '../../landing/tariffs/children-forms';
import { Panel } from '../panel';
import styles from './tariffs-page.module.scss';

/** What the family has now: the tariff, until when, for how many children, and what happens after. */
export function CurrentSubscription({
  subscription,
  pausedUntil = null,
}: {
  subscription: ProfileSubscription | null;
  /** While «каникулы» run: lessons wait until this day. */
  pausedUntil?: string | null;
}) {
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
  return (
    <Panel
      title="Подписка"
      aside={
        pausedUntil ? (
          <Badge tone="accent">Каникулы до {formatMoscowDate(pausedUntil)}</Badge>
        ) : (
          <Badge tone={subscription.is_free ? 'sun' : 'mint'}>
            {subscription.is_free ? 'Пробная неделя' : 'Действует'}
          </Badge>
        )
      }
    >
      <dl className={styles.facts}>
        <div>
          <dt>Тариф</dt>
          <dd>{subscription.title}</dd>
        </div>
        <div>
          <dt>Действует до</dt>
          <dd>{until}</dd>
        </div>
        <div>
          <dt>Занятия</dt>
          <dd>{forChildren(subscription.amount_children)}</dd>
        </div>
        <div>
          <dt>Автопродление</dt>
          <dd>
            {subscription.auto_renew
              ? `Включено — ${until} подписка продлится сама`
              : `Выключено — ${until} подписка закончится, с карты ничего не спишется`}
          </dd>
        </div>
      </dl>
    </Panel>
  );
}
