import type { PluralForms } from '@contract/plural';

export const MINUTES: PluralForms = { one: 'минута', few: 'минуты', many: 'минут' };
export const AWARDS: PluralForms = { one: 'награда', few: 'награды', many: 'наград' };
/** After «из»: «1 из 1 урока», «1 из 3 уроков», «2 из 5 уроков». */
export const LESSONS_OUT_OF: PluralForms = { one: 'урока', few: 'уроков', many: 'уроков' };
