import type { ProfileSubscription } from '@contract/api/auth';
import { formatMoscowDate } from '@contract/moscow-date';
import { forChildren } from '../../landing';

/** One line about the family's subscription, for the personal area's header and the tariffs page. */
export function subscriptionLine(subscription: ProfileSubscription | null): string {
  if (!subscription) return 'Подписки нет — уроки откроются после оплаты или пробной недели.';
  const until = formatMoscowDate(subscription.ends_at);
  if (subscription.is_free) return `Пробная неделя до ${until}`;
  return `Подписка до ${until} · ${forChildren(subscription.amount_children)}`;
}
