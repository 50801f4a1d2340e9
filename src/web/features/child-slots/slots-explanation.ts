import { pluralize, type PluralForms } from '@contract/plural';
import type { ChildSlotsInfo } from '../../api/store';

// After «на»: «на 1 ребёнка», «на 2 детей», «на 5 детей».
const CHILDREN_AFTER_NA: PluralForms = { one: 'ребёнка', few: 'детей', many: 'детей' };
export const PLACES: PluralForms = { one: 'место', few: 'места', many: 'мест' };

/**
 * Where the family's places come from, in the server's rule: the tariff's number of children (at least
 * one, also without a subscription) plus the places bought on top.
 */
export function slotsExplanation(
  slots: Pick<ChildSlotsInfo, 'bought'>,
  tariffChildren: number | null,
): string {
  const base =
    tariffChildren === null
      ? 'Без подписки в семье есть место для одного ребёнка.'
      : `Ваш тариф рассчитан на ${pluralize(Math.max(1, tariffChildren), CHILDREN_AFTER_NA)}.`;
  return slots.bought > 0
    ? `${base} Куплено дополнительно: ${pluralize(slots.bought, PLACES)}.`
    : base;
}
