// Children of a family (personal/students): requests, the age rule and the age group it gives. The child
// record itself (`child`) is in ./auth with the profile it belongs to.
import { z } from 'zod';
import { moscowCalendarDate } from '../moscow-date';
import { AGE_GROUP_SLUGS, type AgeGroupSlug } from './catalog';
import { child, STUDY_MODES } from './auth';
import { dataOf } from './common';
import { dailyLimitField, noLessonsAfterField } from './screen-time';
import { pluralize, YEARS } from '../plural';
import {
  CHILD_NAME_MAX_GRAPHEMES,
  CHILD_NAME_MAX_INPUT,
  childNameProblem,
  normalizeChildName,
} from '../child-name';

export { child, STUDY_MODES, type Child, type StudyMode } from './auth';

/**
 * The age rule: the school is for children of 2–7, so a child may be added (or given a new birth date) from
 * the 2nd birthday until the day before the 8th, in full years on the Moscow calendar — a child of seven
 * and a half is «7 лет» and still in. The form's hint and every refusal name these two numbers.
 */
export const MIN_CHILD_AGE = 2;
export const MAX_CHILD_AGE = 7;
/** «Занятия для детей от 2 до 7 лет»: the rule in the words the form and the server use. */
export const CHILD_AGE_RULE = `Занятия для детей от ${MIN_CHILD_AGE} до ${MAX_CHILD_AGE}\u00a0лет`;

/** Preset pictures a child can pick; a child record holds no photo (docs/PRODUCT.md «Product rules»). null → the default. */
export const CHILD_AVATARS = [
  'bear',
  'bunny',
  'fox',
  'owl',
  'cat',
  'hedgehog',
  'panda',
  'lion',
] as const;
export type ChildAvatar = (typeof CHILD_AVATARS)[number];

/** 409 errors.error[0] of child/store when every slot of the family is taken. */
export const NO_FREE_CHILD_SLOT = 'Нет свободного места для ребёнка';
export const CHILD_NOT_FOUND = 'Ребёнок не найден';

const BIRTH_DATE_FORMAT = 'Введите дату рождения в формате ГГГГ-ММ-ДД';

/** A calendar date that exists: 2020-02-30 does not. */
export function isCalendarDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return (
    date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
  );
}

/** Today's date in Moscow (YYYY-MM-DD): the school's calendar (docs/PRODUCT.md «Product rules»). */
export function moscowToday(now: Date): string {
  return moscowCalendarDate(now);
}

/** Full years between two YYYY-MM-DD dates (a birthday on 29 February counts from 1 March). */
export function ageOn(birthDate: string, today: string): number {
  const [by, bm, bd] = birthDate.split('-').map(Number) as [number, number, number];
  const [ty, tm, td] = today.split('-').map(Number) as [number, number, number];
  const hadBirthday = tm > bm || (tm === bm && td >= bd);
  return ty - by - (hadBirthday ? 0 : 1);
}

/** 2 (and younger) → two-three, 3 → three-four, 4 → four-five, 5 → five-six, 6 and older → six-seven. */
export function ageGroupForAge(age: number): AgeGroupSlug {
  if (age <= 2) return 'two-three';
  if (age === 3) return 'three-four';
  if (age === 4) return 'four-five';
  if (age === 5) return 'five-six';
  return 'six-seven';
}

/** Why a birth date cannot be taken today, or null when it can. */
export function birthDateProblem(birthDate: string, today: string): string | null {
  if (birthDate > today) return 'Дата рождения не может быть в будущем';
  const age = ageOn(birthDate, today);
  if (age < MIN_CHILD_AGE) return `${CHILD_AGE_RULE}: ребёнку ещё нет ${MIN_CHILD_AGE}\u00a0лет`;
  if (age > MAX_CHILD_AGE) return `${CHILD_AGE_RULE}: ребёнку уже ${pluralize(age, YEARS)}`;
  return null;
}

export const birthDateField = z
  .string()
  .trim()
  .min(1, 'Укажите дату рождения')
  .refine((v) => v === '' || isCalendarDate(v), BIRTH_DATE_FORMAT);

export { CHILD_NAME_MAX_GRAPHEMES, childNameProblem, normalizeChildName } from '../child-name';

/** A child's name or nickname: letters of any script, digits, emoji and everyday punctuation; no markup. */
export const childNameField = z
  .string()
  .max(CHILD_NAME_MAX_INPUT, `Не длиннее ${CHILD_NAME_MAX_GRAPHEMES} символов`)
  .transform(normalizeChildName)
  .superRefine((value, ctx) => {
    const problem = childNameProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

export const childIdField = z
  .number({ error: 'Не указан ребёнок' })
  .int(CHILD_NOT_FOUND)
  .positive(CHILD_NOT_FOUND)
  .max(2_147_483_647, CHILD_NOT_FOUND);

const ageGroupField = z.enum(AGE_GROUP_SLUGS, { error: 'Выберите возрастную группу из списка' });

/** POST /profile/child/store. Without age_group it follows from the birth date. */
export const childStoreBody = z.object({
  name: childNameField,
  birth_date: birthDateField,
  age_group: ageGroupField.optional(),
});
export type ChildStoreBody = z.input<typeof childStoreBody>;

/**
 * POST /profile/child/update: only the fields sent change. A new birth date without age_group moves the
 * child to the age group of that date.
 */
export const childUpdateBody = z.object({
  id: childIdField,
  name: childNameField.optional(),
  birth_date: birthDateField.optional(),
  age_group: ageGroupField.optional(),
  avatar: z
    .enum(CHILD_AVATARS, { error: 'Выберите картинку из предложенных' })
    .nullable()
    .optional(),
  remind_about_lessons: z.boolean().optional(),
  study_mode: z.enum(STUDY_MODES, { error: 'Выберите режим занятий из предложенных' }).optional(),
  daily_limit_minutes: dailyLimitField.optional(),
  no_lessons_after: noLessonsAfterField.optional(),
});
export type ChildUpdateBody = z.input<typeof childUpdateBody>;

/** POST /profile/child/delete. */
export const childIdBody = z.object({ id: childIdField });

export const childResponse = dataOf(child);
