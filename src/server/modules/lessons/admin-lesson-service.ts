// Lessons as the back office writes and reads them. A lesson's files come from finished uploads: the form
// names an upload, and the server takes the store key, the duration and the poster frame from what it read
// itself.
// Rules: a lesson sits in exactly one place (a week or an additional program) at a free position; a new
// lesson needs a video and Russian subtitles, and a poster (the video's own frame, or a picture).
import { randomBytes } from 'node:crypto';
import { and, asc, count, eq, ilike, inArray, type SQL } from 'drizzle-orm';
import type { AdminLesson, lessonInput, lessonsListQuery } from '@contract/api/admin-learning';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import {
  additionalPrograms,
  lessons,
  mainPrograms,
  mediaUploads,
  programWeeks,
} from '../../db/schema/index';
import { HttpError, invalidField, notFound } from '../../plugins/errors';
import { recordAudit, type AuditActor } from '../../shared/audit';
import { laddersOf, queueTranscode, releaseReplacedFiles } from '../media';
import type { MediaStore } from '../../integrations/storage/store';
import { likeLiteral, offsetOf, orderOf } from '../../shared/list';
import { MEDIA_URL_TTL_SECONDS } from './service';
import { videoStatusOf, type VideoStatus } from './video-status';

const LESSON_NOT_FOUND = 'Урок не найден';
const ONE_PLACE = 'Выберите неделю программы или дополнительную программу — что-то одно';
const POSITION_TAKEN = 'На этом месте уже есть урок — выберите другой порядковый номер';
const WRONG_FILE = 'Файл не найден или другого вида: загрузите его ещё раз';

type Input = z.output<typeof lessonInput>;
type ListQuery = z.output<typeof lessonsListQuery>;
type UploadRow = typeof mediaUploads.$inferSelect;
type LessonRow = typeof lessons.$inferSelect;

interface Place {
  weekId: number | null;
  additionalProgramId: number | null;
  /** For a new lesson's code: the program's slug and the week. */
  codePrefix: string;
}

async function placeOf(db: Database, input: Input): Promise<Place> {
  if ((input.week_id === null) === (input.additional_program_id === null)) {
    throw invalidField('week_id', ONE_PLACE);
  }
  if (input.week_id !== null) {
    const [week] = await db
      .select({ id: programWeeks.id, number: programWeeks.number, slug: mainPrograms.slug })
      .from(programWeeks)
      .innerJoin(mainPrograms, eq(mainPrograms.id, programWeeks.mainProgramId))
      .where(eq(programWeeks.id, input.week_id));
    if (!week) throw invalidField('week_id', 'Неделя не найдена');
    return {
      weekId: week.id,
      additionalProgramId: null,
      codePrefix: `${week.slug}-w${week.number}`,
    };
  }
  const [program] = await db
    .select({ id: additionalPrograms.id, slug: additionalPrograms.slug })
    .from(additionalPrograms)
    .where(eq(additionalPrograms.id, input.additional_program_id ?? 0));
  if (!program) throw invalidField('additional_program_id', 'Дополнительная программа не найдена');
  return { weekId: null, additionalProgramId: program.id, codePrefix: program.slug };
}

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/**
 * The uploads the form names, each checked to be of the field's kind. The rows are held (FOR SHARE) until
 * the saving transaction ends, so the cleanup of unused uploads (media/cleanup.ts) cannot remove
 * one between this check and the lesson naming its file.
 */
async function uploadsOf(tx: Tx, input: Input) {
  const wanted = {
    video_upload_id: ['video', input.video_upload_id],
    subtitles_upload_id: ['subtitles', input.subtitles_upload_id],
    poster_upload_id: ['poster', input.poster_upload_id],
  } as const;
  const ids = Object.values(wanted)
    .map(([, id]) => id)
    .filter((id): id is string => id !== null);
  const rows = ids.length
    ? await tx.select().from(mediaUploads).where(inArray(mediaUploads.id, ids)).for('share')
    : [];
  const found: Partial<Record<keyof typeof wanted, UploadRow>> = {};
  for (const [field, [kind, id]] of Object.entries(wanted) as [
    keyof typeof wanted,
    (typeof wanted)[keyof typeof wanted],
  ][]) {
    if (id === null) continue;
    const row = rows.find((r) => r.id === id);
    if (!row || row.kind !== kind) throw invalidField(field, WRONG_FILE);
    found[field] = row;
  }
  return found;
}

/** The media columns the input changes; a new lesson must end up with all of them. */
function mediaOf(
  uploads: Awaited<ReturnType<typeof uploadsOf>>,
  current: LessonRow | undefined,
): Pick<LessonRow, 'videoKey' | 'posterKey' | 'subtitlesKey' | 'durationSeconds'> {
  const video = uploads.video_upload_id;
  const videoKey = video?.key ?? current?.videoKey;
  const durationSeconds = video?.durationSeconds ?? current?.durationSeconds;
  if (!videoKey || !durationSeconds) throw invalidField('video_upload_id', 'Загрузите видео урока');
  const subtitlesKey = uploads.subtitles_upload_id?.key ?? current?.subtitlesKey;
  if (!subtitlesKey) throw invalidField('subtitles_upload_id', 'Загрузите субтитры урока');
  // A picture chosen by hand wins; a new video brings its own frame; otherwise the poster stays.
  const posterKey = uploads.poster_upload_id?.key ?? video?.posterKey ?? current?.posterKey;
  if (!posterKey) {
    throw invalidField(
      'poster_upload_id',
      'Кадр из видео взять не получилось — загрузите картинку для обложки',
    );
  }
  return { videoKey, posterKey, subtitlesKey, durationSeconds };
}

const newCode = (prefix: string) => `${prefix}-${randomBytes(4).toString('hex')}`;

function positionTaken(error: unknown): never {
  if (isUniqueViolation(error)) throw invalidField('position', POSITION_TAKEN);
  throw error;
}

export async function createLesson(
  db: Database,
  actor: AuditActor,
  input: Input,
  now: Date,
): Promise<number> {
  const place = await placeOf(db, input);
  try {
    return await db.transaction(async (tx) => {
      const media = mediaOf(await uploadsOf(tx, input), undefined);
      const [row] = await tx
        .insert(lessons)
        .values({
          code: newCode(place.codePrefix),
          weekId: place.weekId,
          additionalProgramId: place.additionalProgramId,
          position: input.position,
          title: input.title,
          description: input.description,
          isActive: input.is_active,
          ...media,
          createdAt: now,
          updatedAt: now,
        })
        .returning({ id: lessons.id });
      if (!row) throw new Error('the lesson was not inserted');
      // Its adaptive ladder is made in the background; the lesson plays the file meanwhile.
      await queueTranscode(tx, media.videoKey);
      await recordAudit(tx, actor, {
        action: 'create',
        resource: 'lessons',
        recordId: row.id,
        summary: { title: input.title, is_active: input.is_active },
      });
      return row.id;
    });
  } catch (error) {
    return positionTaken(error);
  }
}

export async function updateLesson(
  db: Database,
  actor: AuditActor,
  id: number,
  input: Input,
  now: Date,
): Promise<void> {
  const [current] = await db.select().from(lessons).where(eq(lessons.id, id));
  if (!current) throw notFound(LESSON_NOT_FOUND);
  const place = await placeOf(db, input);
  try {
    await db.transaction(async (tx) => {
      const media = mediaOf(await uploadsOf(tx, input), current);
      const [updated] = await tx
        .update(lessons)
        .set({
          weekId: place.weekId,
          additionalProgramId: place.additionalProgramId,
          position: input.position,
          title: input.title,
          description: input.description,
          isActive: input.is_active,
          ...media,
          updatedAt: now,
        })
        .where(eq(lessons.id, id))
        .returning({ id: lessons.id });
      if (!updated) throw notFound(LESSON_NOT_FOUND);
      await queueTranscode(tx, media.videoKey);
      // The files it no longer names go a day later, once nothing names them (media/cleanup.ts).
      await releaseReplacedFiles(
        tx,
        [current.videoKey, current.posterKey, current.subtitlesKey],
        [media.videoKey, media.posterKey, media.subtitlesKey],
        now,
      );
      await recordAudit(tx, actor, {
        action: 'update',
        resource: 'lessons',
        recordId: id,
        summary: {
          title: input.title,
          is_active: input.is_active,
          files: [input.video_upload_id, input.subtitles_upload_id, input.poster_upload_id].filter(
            (f) => f !== null,
          ).length,
        },
      });
    });
  } catch (error) {
    if (error instanceof HttpError) throw error;
    positionTaken(error);
  }
}

// Reading: a lesson with its place's title and its files as signed links that live as long as a viewer's.

const fields = {
  lesson: lessons,
  weekNumber: programWeeks.number,
  mainProgramId: programWeeks.mainProgramId,
  programTitle: mainPrograms.title,
  additionalTitle: additionalPrograms.title,
};

type Row = {
  lesson: typeof lessons.$inferSelect;
  weekNumber: number | null;
  mainProgramId: number | null;
  programTitle: string | null;
  additionalTitle: string | null;
};

const lessonRows = (db: Database) =>
  db
    .select(fields)
    .from(lessons)
    .leftJoin(programWeeks, eq(programWeeks.id, lessons.weekId))
    .leftJoin(mainPrograms, eq(mainPrograms.id, programWeeks.mainProgramId))
    .leftJoin(additionalPrograms, eq(additionalPrograms.id, lessons.additionalProgramId));

async function toAdmin(
  row: Row,
  media: MediaStore,
  now: Date,
  videoStatus: VideoStatus,
): Promise<AdminLesson> {
  const { lesson } = row;
  const url = (key: string) => media.signedUrl(key, MEDIA_URL_TTL_SECONDS, now);
  return {
    id: lesson.id,
    code: lesson.code,
    week_id: lesson.weekId,
    week_number: row.weekNumber,
    main_program_id: row.mainProgramId,
    additional_program_id: lesson.additionalProgramId,
    place_title:
      row.weekNumber !== null
        ? `${row.programTitle ?? ''}, неделя ${row.weekNumber}`
        : (row.additionalTitle ?? ''),
    position: lesson.position,
    title: lesson.title,
    description: lesson.description,
    duration_seconds: lesson.durationSeconds,
    is_active: lesson.isActive,
    video_url: await url(lesson.videoKey),
    video_status: videoStatus,
    poster_url: await url(lesson.posterKey),
    subtitles_url: await url(lesson.subtitlesKey),
    updated_at: lesson.updatedAt.toISOString(),
  };
}

/** A page of lessons: in program, week and position order unless a sort is asked for. */
export async function listAdminLessons(
  db: Database,
  media: MediaStore,
  query: ListQuery,
  now: Date,
): Promise<{ rows: AdminLesson[]; total: number }> {
  const conditions: SQL[] = [];
  if (query.week_id !== undefined) conditions.push(eq(lessons.weekId, query.week_id));
  if (query.main_program_id !== undefined) {
    conditions.push(eq(programWeeks.mainProgramId, query.main_program_id));
  }
  if (query.additional_program_id !== undefined) {
    conditions.push(eq(lessons.additionalProgramId, query.additional_program_id));
  }
  if (query.q) conditions.push(ilike(lessons.title, likeLiteral(query.q)));
  const where = and(...conditions);
  const sort = orderOf(
    query,
    { title: lessons.title, updated_at: lessons.updatedAt, id: lessons.id },
    lessons.id,
  );
  const order = query.sort
    ? [sort]
    : [
        asc(mainPrograms.id),
        asc(programWeeks.number),
        asc(additionalPrograms.id),
        asc(lessons.position),
      ];
  const [page, [total]] = await Promise.all([
    lessonRows(db)
      .where(where)
      .orderBy(...order)
      .limit(query.per_page)
      .offset(offsetOf(query)),
    db
      .select({ value: count() })
      .from(lessons)
      .leftJoin(programWeeks, eq(programWeeks.id, lessons.weekId))
      .where(where),
  ]);
  const ladders = await laddersOf(
    db,
    page.map((row) => row.lesson.videoKey),
  );
  return {
    rows: await Promise.all(
      page.map((row) => toAdmin(row, media, now, videoStatusOf(ladders.get(row.lesson.videoKey)))),
    ),
    total: total?.value ?? 0,
  };
}

export async function adminLessonById(
  db: Database,
  media: MediaStore,
  id: number,
  now: Date,
): Promise<AdminLesson> {
  const [row] = await lessonRows(db).where(eq(lessons.id, id));
  if (!row) throw notFound(LESSON_NOT_FOUND);
  const ladders = await laddersOf(db, [row.lesson.videoKey]);
  return toAdmin(row, media, now, videoStatusOf(ladders.get(row.lesson.videoKey)));
}
