// Screen time (docs/PRODUCT.md «Экранное время»): a parent's daily limit of lessons and the hour after which
// no lessons play, per child, counted on the server from the player's progress reports on the Moscow day.
import { z } from 'zod';
import { dataOf } from './common';
import { MINUTES, pluralize } from '../plural';

const MAX_INT = 2_147_483_647;

/** Minutes of lessons a day a parent may choose; null — no limit. */
export const DAILY_LIMIT_OPTIONS = [15, 30, 45, 60] as const;
export type DailyLimit = (typeof DAILY_LIMIT_OPTIONS)[number];

/**
 * The Moscow hour from which no lessons play until the day ends (18 → from 18:00); null — none. Evening
 * hours only: a limit for the morning would be a mistake, and after 21:00 a small child is asleep.
 */
export const NO_LESSONS_AFTER_OPTIONS = [18, 19, 20, 21] as const;
export type NoLessonsAfter = (typeof NO_LESSONS_AFTER_OPTIONS)[number];

/** One grown-up's «Ещё 15 минут». */
export const EXTENSION_MINUTES = 15;
/** A day's extensions together: a limit that is extended all day long is no limit. */
export const MAX_EXTRA_MINUTES_A_DAY = 60;

export const DAILY_LIMIT_MESSAGE = `Выберите лимит из предложенных: ${DAILY_LIMIT_OPTIONS.join(', ')}\u00a0минут или без лимита`;
export const NO_LESSONS_AFTER_MESSAGE = `Выберите час из предложенных: с ${NO_LESSONS_AFTER_OPTIONS[0]}:00 до ${NO_LESSONS_AFTER_OPTIONS[NO_LESSONS_AFTER_OPTIONS.length - 1]}:00 или без ограничения`;
export const EXTENSIONS_USED_UP = `Сегодня уже добавлено ${pluralize(MAX_EXTRA_MINUTES_A_DAY, MINUTES)} — больше продлить нельзя, до завтра`;

const oneOf = (options: readonly number[], message: string) =>
  z
    .number({ error: message })
    .int(message)
    .refine((value) => options.includes(value), message);

/** The child's settings as the update call takes them: a number of the options, or null to switch off. */
export const dailyLimitField = oneOf(DAILY_LIMIT_OPTIONS, DAILY_LIMIT_MESSAGE).nullable();
export const noLessonsAfterField = oneOf(
  NO_LESSONS_AFTER_OPTIONS,
  NO_LESSONS_AFTER_MESSAGE,
).nullable();

/** Why lessons rest now: the day's minutes are used up, or the evening hour has come. */
export const REST_REASONS = ['limit', 'late'] as const;
export type RestReason = (typeof REST_REASONS)[number];

/** One child's screen time today. */
export const screenTime = z.object({
  child_id: z.number().int(),
  /** YYYY-MM-DD: the Moscow day counted. */
  day: z.string(),
  /** Whole minutes of lessons watched today (on every device). */
  minutes_today: z.number().int(),
  daily_limit_minutes: z.number().int().nullable(),
  no_lessons_after: z.number().int().nullable(),
  /** Minutes a grown-up added today. */
  extra_minutes: z.number().int(),
  /** Lessons do not play now; `reason` says why. */
  resting: z.boolean(),
  reason: z.enum(REST_REASONS).nullable(),
  /** Whole minutes left today under the limit (with what was added); null — no limit applies. */
  minutes_left: z.number().int().nullable(),
  /** Whether another «Ещё 15 минут» may be given today. */
  can_extend: z.boolean(),
});
export type ScreenTime = z.infer<typeof screenTime>;

/** GET /profile/screen-time: every child of the family, today. */
export const screenTimeListResponse = dataOf(z.array(screenTime));

/** POST /profile/screen-time/extend: a grown-up gives the child EXTENSION_MINUTES more today. */
export const screenTimeExtendBody = z.object({
  child_id: z
    .number({ error: 'Не указан ребёнок' })
    .int('Ребёнок не найден')
    .positive('Ребёнок не найден')
    .max(MAX_INT, 'Ребёнок не найден'),
});
export type ScreenTimeExtendBody = z.infer<typeof screenTimeExtendBody>;
export const screenTimeResponse = dataOf(screenTime);

/** «15 минут в день» / «без лимита»: the limit as the parent's screens name it. */
export function dailyLimitLabel(minutes: number | null): string {
  return minutes === null ? 'без лимита' : `${pluralize(minutes, MINUTES)} в день`;
}

/** «после 19:00» / «без ограничения»: the evening hour as the parent's screens name it. */
export function noLessonsAfterLabel(hour: number | null): string {
  return hour === null ? 'без ограничения' : `после ${hour}:00`;
}

/** «12 минут из 15» / «12 минут»: today's minutes, with the limit and what a grown-up added. */
export function minutesTodayLabel(state: ScreenTime): string {
  const watched = pluralize(state.minutes_today, MINUTES);
  if (state.daily_limit_minutes === null) return watched;
  return `${state.minutes_today} из ${pluralize(state.daily_limit_minutes + state.extra_minutes, MINUTES)}`;
}
