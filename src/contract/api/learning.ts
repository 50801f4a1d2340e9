// The learning calls around the lessons page: which program a child follows, what a watched lesson
// records, the parents' progress picture and the weeks a child missed. The lessons page itself is ./lessons.
import { z } from 'zod';
import { AGE_GROUP_SLUGS } from './catalog';
import { childIdField } from './children';
import { dataOf } from './common';
import { screenTime } from './screen-time';
import { STICKERS } from './stickers';

const MAX_INT = 2_147_483_647;

const idParam = (message: string) =>
  z.coerce.number({ error: message }).int(message).positive(message).max(MAX_INT, message);

const childIdParam = idParam('Ребёнок не найден');

/**
 * POST /profile/child/change_program: the child follows the main program of another age group from its
 * first week (a parent moves a child who finds the lessons too easy or too hard).
 */
export const changeProgramBody = z.object({
  child_id: childIdField,
  age_group: z.enum(AGE_GROUP_SLUGS, { error: 'Выберите программу из списка' }),
});
export type ChangeProgramBody = z.infer<typeof changeProgramBody>;

export const childProgram = z.object({
  child_id: z.number().int(),
  program: z.object({ slug: z.string(), title: z.string(), age_group: z.enum(AGE_GROUP_SLUGS) }),
  /** ISO 8601: the day week 1 began for this child. */
  started_at: z.string(),
  /** The week the schedule is at today (1-based). */
  current_week: z.number().int(),
});
export type ChildProgram = z.infer<typeof childProgram>;
export const childProgramResponse = dataOf(childProgram);

/** An achievement a child earns by watching (the first lesson, a whole week, ten lessons…). */
export const achievement = z.object({
  code: z.string(),
  title: z.string(),
  description: z.string(),
  /** ISO 8601. */
  earned_at: z.string(),
});
export type Achievement = z.infer<typeof achievement>;

/** A sticker of the child's album: the lesson whose finish earned it (api/stickers.ts). */
export const sticker = z.object({
  sticker: z.enum(STICKERS),
  lesson_id: z.number().int(),
  lesson_title: z.string(),
  /** ISO 8601. */
  earned_at: z.string(),
});
export type Sticker = z.infer<typeof sticker>;

/**
 * POST /profile/achievements/video: the player reports where the child is in a lesson (every few seconds
 * and at the end). Positions only move forward; `completed` is set at the end of the video.
 */
export const videoProgressBody = z.object({
  child_id: childIdField,
  lesson_id: z
    .number({ error: 'Урок не найден' })
    .int('Урок не найден')
    .positive('Урок не найден')
    .max(MAX_INT, 'Урок не найден'),
  /** Seconds from the start of the video the child has reached. */
  position_seconds: z
    .number({ error: 'Неверная позиция видео' })
    .min(0, 'Неверная позиция видео')
    .max(24 * 60 * 60, 'Неверная позиция видео'),
  completed: z.boolean().optional(),
  /**
   * How long the report waited on the device for the connection (a lesson kept for the road, watched
   * offline), in seconds: the school counts what could have been watched since then, at most 14 days.
   */
  waited_seconds: z
    .number({ error: 'Неверное время ожидания' })
    .int('Неверное время ожидания')
    .min(0, 'Неверное время ожидания')
    .max(14 * 24 * 60 * 60, 'Неверное время ожидания')
    .optional(),
});
export type VideoProgressBody = z.infer<typeof videoProgressBody>;

export const videoProgress = z.object({
  lesson_id: z.number().int(),
  watched_seconds: z.number().int(),
  completed: z.boolean(),
  /** Achievements this report earned (usually none): the player celebrates them. */
  new_achievements: z.array(achievement),
  /** The sticker this report earned by finishing the lesson, or null: the player shows it. */
  new_sticker: sticker.nullable(),
  /** The child's screen time after this report: the player stops and shows the rest screen when resting. */
  screen_time: screenTime,
});
export type VideoProgress = z.infer<typeof videoProgress>;
export const videoProgressResponse = dataOf(videoProgress);

/** GET /profile/progress-additional?child_id&additional_program_id. */
export const progressAdditionalQuery = z.object({
  child_id: childIdParam,
  additional_program_id: idParam('Программа не найдена'),
});

export const lessonProgress = z.object({
  lesson_id: z.number().int(),
  title: z.string(),
  watched_seconds: z.number().int(),
  completed: z.boolean(),
});

export const additionalProgress = z.object({
  additional_program_id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  /** Bought for this child (a preview is open to everyone). */
  open: z.boolean(),
  lessons_total: z.number().int(),
  lessons_completed: z.number().int(),
  minutes_watched: z.number().int(),
  lessons: z.array(lessonProgress),
});
export type AdditionalProgress = z.infer<typeof additionalProgress>;
export const additionalProgressResponse = dataOf(additionalProgress);

/** GET /profile/progress?child_id: the parents' picture of one child's learning. */
export const childProgressQuery = z.object({ child_id: childIdParam });

export const weekProgress = z.object({
  number: z.number().int(),
  title: z.string(),
  open: z.boolean(),
  lessons_total: z.number().int(),
  lessons_completed: z.number().int(),
});

export const childProgress = z.object({
  child_id: z.number().int(),
  program: z.object({ slug: z.string(), title: z.string() }).nullable(),
  current_week: z.number().int().nullable(),
  weeks: z.array(weekProgress),
  lessons_completed: z.number().int(),
  minutes_watched: z.number().int(),
  achievements: z.array(achievement),
  /** The sticker album, in the order the stickers were earned. */
  stickers: z.array(sticker),
  additional: z.array(additionalProgress.omit({ lessons: true })),
});
export type ChildProgress = z.infer<typeof childProgress>;
export const childProgressResponse = dataOf(childProgress);

/** GET /profile/skipped-weeks?child_id: weeks of the child's program that passed without a subscription. */
export const skippedWeeksQuery = z.object({ child_id: childIdParam });

export const skippedWeek = z.object({
  week_id: z.number().int(),
  number: z.number().int(),
  title: z.string(),
  /** YYYY-MM-DD, Moscow calendar: the days the week ran for this child. */
  starts_on: z.string(),
  ends_on: z.string(),
  lessons: z.number().int(),
  /** Kopecks, like every amount of the API (formatPrice shows «149 ₽»). */
  price: z.number().int(),
});
export type SkippedWeek = z.infer<typeof skippedWeek>;

export const skippedWeeks = z.object({
  child_id: z.number().int(),
  program: z.object({ slug: z.string(), title: z.string() }).nullable(),
  weeks: z.array(skippedWeek),
  /** Kopecks: every skipped week together. */
  total: z.number().int(),
});
export type SkippedWeeks = z.infer<typeof skippedWeeks>;
export const skippedWeeksResponse = dataOf(skippedWeeks);
