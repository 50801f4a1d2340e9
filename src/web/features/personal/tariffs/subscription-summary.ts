import type { ProfileSubscription } from '@contract/api/auth';
import { TRIAL_DAYS } from '@contract/constants';
import { formatMoscowDate } from '@contract/moscow-date';
import { DAYS, pluralize } from '@contract/plural';
import { forChildren } from '../../landing';

type Period = Pick<ProfileSubscription, 'starts_at' | 'ends_at'>;

/** A trial's length in days; null when the dates do not read. */
function trialDays(subscription: Period): number | null {
  const days = Math.round(
    (Date.parse(subscription.ends_at) - Date.parse(subscription.starts_at)) / 86_400_000,
  );
  return Number.isNaN(days) ? null : days;
}

/** A trial of other length than the usual week: 14 days for a family a friend invited. */
function otherTrialDays(subscription: Period): number | null {
  const days = trialDays(subscription);
  return days === null || days === TRIAL_DAYS ? null : days;
}

/**
 * «Пробная неделя», or «Пробный период» when the trial is not a week: a family that came by a friend's link
 * has 14 days (docs/PRODUCT.md «Invite a friend»), and calling those a week would be untrue.
 */
export function trialName(subscription: Period): string {
  return otherTrialDays(subscription) === null ? 'Пробная неделя' : 'Пробный период';
}

/** The tariff's title, except a trial's «Пробная неделя» that lasts otherwise: «Пробный период на 14 дней». */
export function tariffTitle(subscription: ProfileSubscription): string {
  const days = subscription.is_free ? otherTrialDays(subscription) : null;
  return days === null ? subscription.title : `Пробный период на ${pluralize(days, DAYS)}`;
}

/** One line about the family's subscription, for the personal area's header and the tariffs page. */
export function subscriptionLine(subscription: ProfileSubscription | null): string {
  if (!subscription) return 'Подписки нет — уроки откроются после оплаты или пробной недели.';
  const until = formatMoscowDate(subscription.ends_at);
  if (subscription.is_free) return `${trialName(subscription)} до ${until}`;
  return `Подписка до ${until} · ${forChildren(subscription.amount_children)}`;
}
