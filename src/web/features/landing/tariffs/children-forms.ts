import { pluralize, type PluralForms } from '@contract/plural';

/** After «для»: «для 2 детей», «для 5 детей». */
const CHILDREN_GENITIVE: PluralForms = { one: 'ребёнка', few: 'детей', many: 'детей' };

/** «для одного ребёнка», «для 2 детей». */
export function forChildren(count: number): string {
  return count === 1 ? 'для одного ребёнка' : `для ${pluralize(count, CHILDREN_GENITIVE)}`;
}
