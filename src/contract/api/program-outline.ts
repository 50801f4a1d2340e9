// GET /program-outline: what a program holds, for the public programs pages — its weeks and lessons with
// posters, and a playable free preview (the first lesson of every program). Anyone may read it.
import { z } from 'zod';
import { dataOf } from './common';
import { LESSON_TYPES } from './lessons';

export const programOutlineQuery = z.object({
  type: z.enum(LESSON_TYPES, { error: 'Выберите основную или дополнительную программу' }),
  /** The age group of the main program, or the slug of an additional program. */
  program: z
    .string({ error: 'Выберите программу' })
    .trim()
    .regex(/^[a-z0-9-]{1,64}$/, 'Такой программы нет'),
});
export type ProgramOutlineQuery = z.input<typeof programOutlineQuery>;

export const outlineLesson = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  /** 1-based order within its week or additional program. */
  position: z.number().int(),
  duration_seconds: z.number().int(),
  /** Signed like every media URL; lives as long as `preview.expires_at` says at least. */
  poster: z.string(),
  is_preview: z.boolean(),
  /** The free preview's video and Russian subtitles; null for every other lesson. */
  preview: z
    .object({
      url: z.string(),
      subtitles: z.string(),
      /** ISO 8601: the URLs stop working at this moment. */
      expires_at: z.string(),
    })
    .nullable(),
});
export type OutlineLesson = z.infer<typeof outlineLesson>;

export const outlineWeek = z.object({
  number: z.number().int(),
  title: z.string(),
  lessons: z.array(outlineLesson),
});
export type OutlineWeek = z.infer<typeof outlineWeek>;

export const programOutline = z.object({
  type: z.enum(LESSON_TYPES),
  program: z.object({
    slug: z.string(),
    title: z.string(),
    /** An additional program not on sale yet: its lessons are shown, its preview does not play. */
    locked: z.boolean(),
  }),
  /** Main program: its weeks in order; empty for an additional program. */
  weeks: z.array(outlineWeek),
  /** Additional program: its lessons in order; empty for a main program (they are in `weeks`). */
  lessons: z.array(outlineLesson),
});
export type ProgramOutline = z.infer<typeof programOutline>;
export const programOutlineResponse = dataOf(programOutline);
