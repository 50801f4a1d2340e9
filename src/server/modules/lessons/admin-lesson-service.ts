// Lessons as the back office writes them. A lesson's files come from finished uploads: the form names an
// upload, and the server takes the store key, the duration and the poster frame from what it read itself.
// Rules: a lesson sits in exactly one place (a week or an additional program) at a free position; a new
// lesson needs a video and Russian subtitles, and a poster (the video's own frame, or a picture).
import { randomBytes } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import type { lessonInput } from '@contract/api/admin-learning';
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
import { recordAudit, type AuditActor } from '../admin/audit';

export const LESSON_NOT_FOUND = 'Урок не найден';
const ONE_PLACE = 'Выберите неделю программы или дополнительную программу — что-то одно';
const POSITION_TAKEN = 'На этом месте уже есть урок — выберите другой порядковый номер';
const WRONG_FILE = 'Файл не найден или другого вида: загрузите его ещё раз';

type Input = z.output<typeof lessonInput>;
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

/** The uploads the form names, each checked to be of the field's kind. */
async function uploadsOf(db: Database, input: Input) {
  const wanted = {
    video_upload_id: ['video', input.video_upload_id],
    subtitles_upload_id: ['subtitles', input.subtitles_upload_id],
    poster_upload_id: ['poster', input.poster_upload_id],
  } as const;
  const ids = Object.values(wanted)
    .map(([, id]) => id)
    .filter((id): id is string => id !== null);
  const rows = ids.length
    ? await db.select().from(mediaUploads).where(inArray(mediaUploads.id, ids))
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
  const media = mediaOf(await uploadsOf(db, input), undefined);
  try {
    return await db.transaction(async (tx) => {
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
  const media = mediaOf(await uploadsOf(db, input), current);
  try {
    await db.transaction(async (tx) => {
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
