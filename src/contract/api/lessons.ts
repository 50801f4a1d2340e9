// GET /profile/lessons: the lessons of one program (a week of the main program, or an additional program)
// as one child sees them — what is open, why the rest is closed, and signed media URLs for what is open.
import { z } from 'zod';
import { dataOf } from './common';

export const LESSON_TYPES = ['main', 'additional'] as const;
export type LessonType = (typeof LESSON_TYPES)[number];

const idParam = (message: string) =>
  z.coerce.number({ error: message }).int(message).positive(message).max(2_147_483_647, message);

/** docs/PRODUCT.md «Product rules»: only non-empty filters are sent; every one is optional. */
export const lessonsQuery = z.object({
  child_id: idParam('Ребёнок не найден').optional(),
  type: z
    .enum(LESSON_TYPES, { error: 'Выберите основную или дополнительную программу' })
    .optional(),
  /** The age group of the main program, or the slug of an additional program. */
  program: z
    .string()
    .trim()
    .regex(/^[a-z0-9-]{1,64}$/, 'Такой программы нет')
    .optional(),
  week: idParam('Такой недели нет').optional(),
});
export type LessonsQuery = z.input<typeof lessonsQuery>;

export const LOCK_REASONS = [
  'sign_in',
  'no_subscription',
  /** The family's paid subscription stands still for «каникулы»: lessons open again when they end. */
  'paused',
  'no_seat',
  'week_not_open',
  'program_not_bought',
  'other_program',
] as const;
export type LockReason = (typeof LOCK_REASONS)[number];

export const lessonItem = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  position: z.number().int(),
  /** The week of the main program; null in an additional program. */
  week: z.number().int().nullable(),
  duration_seconds: z.number().int(),
  is_preview: z.boolean(),
  available: z.boolean(),
  /** Why a closed lesson is closed (a stable word) and what to do, in Russian; null when open. */
  lock_reason: z.enum(LOCK_REASONS).nullable(),
  lock_message: z.string().nullable(),
  video: z.object({
    /**
     * The original file (MP4/WebM), signed and short-lived; null unless the child may watch. Always
     * there for an open lesson: the fallback when HLS is not ready or not playable.
     */
    url: z.string().nullable(),
    /**
     * The adaptive stream's master playlist (HLS), a signed expiring link scoped to this lesson; null
     * until the video's ladder is ready, or when the lesson is closed.
     */
    hls_url: z.string().nullable(),
    poster: z.string(),
    subtitles: z.string().nullable(),
  }),
  /** The printable task (PDF) for after the lesson, signed; null when it has none or is closed. */
  task: z.string().nullable(),
  progress: z.object({ watched_seconds: z.number().int(), completed: z.boolean() }),
});
export type LessonItem = z.infer<typeof lessonItem>;

export const programWeek = z.object({
  number: z.number().int(),
  title: z.string(),
  open: z.boolean(),
});

export const lessonsPage = z.object({
  child_id: z.number().int().nullable(),
  type: z.enum(LESSON_TYPES),
  program: z.object({ slug: z.string(), title: z.string() }),
  /** Main program: every week with whether it is open for the child; empty for additional programs. */
  weeks: z.array(programWeek),
  /** The week shown (main program), or null. */
  week: z.number().int().nullable(),
  lessons: z.array(lessonItem),
});
export type LessonsPage = z.infer<typeof lessonsPage>;
export const lessonsResponse = dataOf(lessonsPage);

/** GET /profile/lessons/downloads: which child's lessons to take on the road. */
export const downloadsQuery = z.object({
  child_id: idParam('Ребёнок не найден'),
});
export type DownloadsQuery = z.input<typeof downloadsQuery>;

export const downloadableLesson = z.object({
  id: z.number().int(),
  title: z.string(),
  position: z.number().int(),
  week: z.number().int().nullable(),
  duration_seconds: z.number().int(),
  /** Signed, short-lived links to fetch now and keep in the app: the poster, the subtitles, the master. */
  poster: z.string(),
  subtitles: z.string().nullable(),
  hls_url: z.string(),
  /** The one rendition kept for the road, as the master names it (e.g. `540p.m3u8`), and its height. */
  playlist: z.string(),
  height: z.number().int(),
  /** Names the ladder and rendition: kept files of another version are not this lesson's any more. */
  version: z.string(),
  /** About how many bytes the rendition takes: its declared bitrate times its length. */
  size_bytes: z.number().int(),
  progress: z.object({ watched_seconds: z.number().int(), completed: z.boolean() }),
});
export type DownloadableLesson = z.infer<typeof downloadableLesson>;

export const lessonDownloads = z.object({
  child_id: z.number().int(),
  /** The week of the main program these lessons are from; null when the child has none open. */
  week: z.number().int().nullable(),
  /**
   * When the kept lessons must be deleted: the end of the family's access, and at the latest
   * 14 days from now (docs/OFFLINE-LESSONS.md).
   */
  expires_at: z.string(),
  lessons: z.array(downloadableLesson),
  /** Open lessons of the week whose adaptive video is still being made: they can be kept later. */
  not_ready: z.number().int(),
});
export type LessonDownloads = z.infer<typeof lessonDownloads>;
export const lessonDownloadsResponse = dataOf(lessonDownloads);
