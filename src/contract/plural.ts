const rules = new Intl.PluralRules('ru');

export interface PluralForms {
  one: string;
  few: string;
  many: string;
  /** Fractions ("1,5 месяца"); falls back to `few`. */
  other?: string;
}

export function plural(count: number, forms: PluralForms): string {
  const category = rules.select(count);
  if (category === 'one') return forms.one;
  if (category === 'few') return forms.few;
  if (category === 'many') return forms.many;
  return forms.other ?? forms.few;
}

/** "6 месяцев", "1 ребёнок": the number, a non-breaking space and the agreeing word. */
export function pluralize(count: number, forms: PluralForms): string {
  return `${count}\u00a0${plural(count, forms)}`;
}

/** "раз в месяц", "раз в 3 месяца", "раз в 6 месяцев": how often a renewal charges. */
export function oncePerMonths(months: number): string {
  return months === 1 ? 'раз в месяц' : `раз в ${pluralize(months, MONTHS)}`;
}

export const MONTHS: PluralForms = { one: 'месяц', few: 'месяца', many: 'месяцев' };
export const DAYS: PluralForms = { one: 'день', few: 'дня', many: 'дней' };
export const WEEKS: PluralForms = { one: 'неделя', few: 'недели', many: 'недель' };
export const CHILDREN: PluralForms = { one: 'ребёнок', few: 'ребёнка', many: 'детей' };
export const LESSONS: PluralForms = { one: 'урок', few: 'урока', many: 'уроков' };
export const MINUTES: PluralForms = { one: 'минута', few: 'минуты', many: 'минут' };
export const YEARS: PluralForms = { one: 'год', few: 'года', many: 'лет' };
