// The words of «Пригласить друзей» (docs/PRODUCT.md «Invite a friend»), apart from the panel so the tests
// and the share sheet read the same sentences. The numbers come from the server's answer: a change of the
// rules there changes the words here.
import { TRIAL_DAYS } from '@contract/constants';
import { REFERRAL_REFUND_WINDOW_DAYS } from '@contract/api/values';
import { DAYS, plural, pluralize, type PluralForms } from '@contract/plural';
import type { InvitedFamily, Referral, ReferralState } from '../../../api/referral';

/** «в течение 14 дней», «в течение 1 дня»: the genitive, which DAYS (the nominative) does not give. */
const DAYS_GENITIVE: PluralForms = { one: 'дня', few: 'дней', many: 'дней' };
/** «не больше 12 раз», «не больше 1 раза». */
const TIMES_GENITIVE: PluralForms = { one: 'раза', few: 'раз', many: 'раз' };
/** «30 дней ждут», «21 день ждёт». */
const WAIT: PluralForms = { one: 'ждёт', few: 'ждут', many: 'ждут' };

export type StateTone = 'waiting' | 'given' | 'none';

/** How a state reads in the list: given days stand out, nothing given stays muted. */
export const STATE_TONES: Record<ReferralState, StateTone> = {
  registered: 'waiting',
  granted: 'given',
  kept: 'given',
  taken_back: 'none',
  refused_self: 'none',
  refused_limit: 'none',
};

type Rules = Pick<Referral, 'reward_days' | 'max_per_year'>;

/** What happened with one invited family, for the inviter. */
export function stateLabel(family: Pick<InvitedFamily, 'state' | 'days'>, rules: Rules): string {
  // A family's own days when it has them: the reward may have been other when it was given.
  const days = family.days > 0 ? family.days : rules.reward_days;
  switch (family.state) {
    case 'registered':
      return 'Зарегистрировались';
    case 'granted':
      return `Оплатили — вам +${pluralize(days, DAYS)}`;
    case 'kept':
      return `Оплатили — ${pluralize(days, DAYS)} ${plural(days, WAIT)} вашей следующей подписки`;
    case 'taken_back':
      return 'Вернули оплату — дни отменены';
    case 'refused_self':
      return 'Без награды: похоже, это вы сами';
    case 'refused_limit':
      return `Без награды: не больше ${rules.max_per_year} в год`;
  }
}

/** The panel's one-sentence promise. */
export function explanation(referral: Pick<Referral, 'trial_days' | 'reward_days'>): string {
  return (
    `Поделитесь ссылкой с друзьями: у них будет ${pluralize(referral.trial_days, DAYS)} бесплатных ` +
    `занятий вместо\u00a0${TRIAL_DAYS}, а когда они впервые оплатят занятия, вам добавим ` +
    `${pluralize(referral.reward_days, DAYS)} подписки.`
  );
}

/** The small print: once a family, a yearly limit, a refund takes the days back. */
export function rulesNote(referral: Pick<Referral, 'max_per_year'>): string {
  return (
    'Дни добавляются один раз за каждую семью, не больше ' +
    `${pluralize(referral.max_per_year, TIMES_GENITIVE)} в год. Если в течение ` +
    `${pluralize(REFERRAL_REFUND_WINDOW_DAYS, DAYS_GENITIVE)} после первой оплаты семья друга ` +
    'вернёт деньги, эти дни отменятся.'
  );
}

/** What the share sheet sends with the link: the friend reads it, so it speaks to them. */
export function shareMessage(referral: Pick<Referral, 'trial_days'>): {
  title: string;
  text: string;
} {
  return {
    title: 'Школа Умняшек',
    text:
      'Мы занимаемся в «Школе Умняшек» — видео-уроки для детей от 2 до 7 лет. По моей ссылке у вас ' +
      `будет ${pluralize(referral.trial_days, DAYS)} бесплатных занятий вместо\u00a0${TRIAL_DAYS}.`,
  };
}
