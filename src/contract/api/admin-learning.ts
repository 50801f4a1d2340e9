// The back office's lessons: age groups, the main programs (one per age group) with their weeks, and
// lessons with their video, poster and subtitles. Files arrive by resumable upload (tus) first; a lesson
// then names the uploads, and the server supplies what it read from them (store key, duration, poster).
import { z } from 'zod';
import { adminListQuery } from './admin';
import { dataOf, pageOf } from './common';

const text = (label: string, max: number) =>
  z
    .string({ error: `Заполните поле «${label}»` })
    .trim()
    .min(1, `Заполните поле «${label}»`)
    .max(max, `«${label}» — не длиннее ${max} символов`);

/** A home activity is a short note in a letter: a few sentences. */
export const HOME_ACTIVITY_MAX = 600;

const wholeNumber = (label: string, min: number, max: number) =>
  z
    .number({ error: `«${label}» — целое число` })
    .int(`«${label}» — целое число`)
    .min(min, `«${label}» — от ${min} до ${max}`)
    .max(max, `«${label}» — от ${min} до ${max}`);

/** An optional reference from the form: empty comes as null, '' or not at all. */
const optionalId = z
  .union([z.number().int().min(1).max(2_147_483_647), z.literal('')])
  .nullish()
  .transform((v) => (typeof v === 'number' ? v : null));

/** The id of a finished upload (tus names them with 32 hex digits). */
const uploadId = z
  .union([
    z.string().regex(/^[0-9a-f]{32}$/u, 'Файл не найден: загрузите его ещё раз'),
    z.literal(''),
  ])
  .nullish()
  .transform((v) => (v ? v : null));

// Uploads.
export const mediaUpload = z.object({
  id: z.string(),
  kind: z.enum(['video', 'subtitles', 'poster']),
  original_name: z.string(),
  size_bytes: z.number().int(),
  /** Read from the video on the server; null for subtitles and pictures. */
  duration_seconds: z.number().int().nullable(),
  /** Short-lived links for the form's preview. */
  url: z.string(),
  /** The frame taken from a video, or the picture itself; null when none could be made. */
  poster_url: z.string().nullable(),
});
export type MediaUpload = z.infer<typeof mediaUpload>;

export const uploadParams = z.object({
  id: z.string().regex(/^[0-9a-f]{32}$/u, 'Загрузка не найдена'),
});

/** What a tus request carries in its headers: the document names them so clients know the protocol. */
export const tusHeaders = z.object({
  'tus-resumable': z.literal('1.0.0').optional(),
  'upload-length': z
    .string()
    .regex(/^\d{1,13}$/u)
    .optional(),
  'upload-offset': z
    .string()
    .regex(/^\d{1,13}$/u)
    .optional(),
  'upload-metadata': z.string().max(4096).optional(),
});

// Age groups.
export const adminAgeGroup = z.object({
  id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  min_age: z.number().int(),
  max_age: z.number().int(),
  description: z.string(),
  skills: z.array(z.string()),
  topics: z.array(z.string()),
});
export const adminAgeGroupsResponse = pageOf(adminAgeGroup);
export const adminAgeGroupResponse = dataOf(adminAgeGroup);

const listItem = (label: string) => text(label, 200);

export const ageGroupUpdate = z
  .object({
    title: text('Название', 100),
    min_age: wholeNumber('С возраста', 0, 12),
    max_age: wholeNumber('До возраста', 0, 12),
    description: text('Описание', 2000),
    skills: z.array(listItem('Навык')).max(20, 'Не больше 20 навыков'),
    topics: z.array(listItem('Тема')).max(20, 'Не больше 20 тем'),
  })
  .refine((v) => v.min_age <= v.max_age, {
    message: 'Возраст «с» не больше возраста «до»',
    path: ['max_age'],
  });

// Main programs.
export const adminProgram = z.object({
  id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  age_group_id: z.number().int(),
  age_group_title: z.string(),
  is_active: z.boolean(),
  weeks_count: z.number().int(),
  lessons_count: z.number().int(),
});
export const adminProgramsResponse = pageOf(adminProgram);
export const adminProgramResponse = dataOf(adminProgram);
export const programUpdate = z.object({
  title: text('Название', 200),
  is_active: z.boolean({ error: 'Укажите, открыта ли программа' }),
});

// Additional programs as places for lessons (their prices are the administrator's, elsewhere).
export const adminLessonPlace = z.object({
  id: z.number().int(),
  title: z.string(),
  is_active: z.boolean(),
  lessons_count: z.number().int(),
});
export const adminLessonPlacesResponse = pageOf(adminLessonPlace);
export const adminLessonPlaceResponse = dataOf(adminLessonPlace);

// Weeks.
export const adminWeek = z.object({
  id: z.number().int(),
  main_program_id: z.number().int(),
  program_title: z.string(),
  number: z.number().int(),
  title: z.string(),
  home_activity: z.string().nullable(),
  lessons_count: z.number().int(),
});
export const adminWeeksResponse = pageOf(adminWeek);
export const adminWeekResponse = dataOf(adminWeek);
export const weeksListQuery = adminListQuery.extend({
  main_program_id: z.coerce.number().int().min(1).max(2_147_483_647).optional(),
});
export const weekInput = z.object({
  main_program_id: z
    .number({ error: 'Выберите программу' })
    .int('Выберите программу')
    .min(1, 'Выберите программу')
    .max(2_147_483_647, 'Выберите программу'),
  number: wholeNumber('Номер недели', 1, 520),
  title: text('Название', 200),
  /** Plain text for the weekly letter: empty means none yet; left out keeps what is written. */
  home_activity: z
    .string({ error: '«Чем заняться дома» — текст' })
    .trim()
    .max(HOME_ACTIVITY_MAX, `«Чем заняться дома» — не длиннее ${HOME_ACTIVITY_MAX} символов`)
    .nullish()
    .transform((v) => (v === undefined ? undefined : v || null)),
});

// Lessons.
export const adminLesson = z.object({
  id: z.number().int(),
  code: z.string(),
  week_id: z.number().int().nullable(),
  week_number: z.number().int().nullable(),
  main_program_id: z.number().int().nullable(),
  additional_program_id: z.number().int().nullable(),
  /** «Программа 4–5 лет, неделя 3» or the additional program's title. */
  place_title: z.string(),
  position: z.number().int(),
  title: z.string(),
  description: z.string(),
  duration_seconds: z.number().int(),
  is_active: z.boolean(),
  video_url: z.string(),
  /**
   * The video's adaptive ladder (HLS): `none` (not queued), `queued`, `running` with `progress` in
   * percent, `ready`, or `failed`; `message` says it in Russian («Готовим видео: 40 %»).
   */
  video_status: z.object({
    state: z.enum(['none', 'queued', 'running', 'ready', 'failed']),
    progress: z.number().int().min(0).max(100),
    message: z.string(),
  }),
  poster_url: z.string(),
  subtitles_url: z.string(),
  updated_at: z.string(),
});
export type AdminLesson = z.infer<typeof adminLesson>;
export const adminLessonsResponse = pageOf(adminLesson);
export const adminLessonResponse = dataOf(adminLesson);
export const lessonsListQuery = adminListQuery.extend({
  week_id: z.coerce.number().int().min(1).max(2_147_483_647).optional(),
  main_program_id: z.coerce.number().int().min(1).max(2_147_483_647).optional(),
  additional_program_id: z.coerce.number().int().min(1).max(2_147_483_647).optional(),
});

export const lessonInput = z.object({
  /** Exactly one of the two: a week of a main program, or an additional program. */
  week_id: optionalId,
  additional_program_id: optionalId,
  position: wholeNumber('Порядок в неделе', 1, 100),
  title: text('Название', 200),
  /** May stay empty: the form sends null for an empty field. */
  description: z
    .string({ error: 'Описание — текст' })
    .trim()
    .max(2000, '«Описание» — не длиннее 2000 символов')
    .nullish()
    .transform((v) => v ?? ''),
  is_active: z.boolean({ error: 'Укажите, опубликован ли урок' }),
  /** New files; null keeps the lesson's current one (a new lesson needs a video and subtitles). */
  video_upload_id: uploadId,
  subtitles_upload_id: uploadId,
  poster_upload_id: uploadId,
});
export type LessonInput = z.input<typeof lessonInput>;
