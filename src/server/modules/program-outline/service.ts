// The outline of one program for the public programs pages: weeks and lessons with posters, and the free
// preview (the first lesson of every program, open to everyone by the access rule) with a playable URL.
//
// The answer is the same for every caller, so it is cacheable; but its URLs are signed and expire. URLs are
// therefore signed from the start of the current signing window rather than from "now": every answer within
// a window carries the same URLs, and each stays valid for at least PREVIEW_URL_MIN_LIFE_SECONDS after any
// answer is made — far longer than a cache may keep the answer (OUTLINE_CACHE_SECONDS).
import { and, asc, eq, inArray, isNotNull } from 'drizzle-orm';
import type { LessonType } from '@contract/api/lessons';
import type { OutlineLesson, ProgramOutline } from '@contract/api/program-outline';
import type { Database } from '../../db/client';
import {
  additionalPrograms,
  ageGroups,
  lessons,
  mainPrograms,
  programWeeks,
} from '../../db/schema/index';
import type { MediaStore } from '../../integrations/storage/store';
import { notFound } from '../../plugins/errors';

export const PROGRAM_NOT_FOUND = 'Такой программы нет';

/** How long a browser or a shared cache may keep an outline. */
export const OUTLINE_CACHE_SECONDS = 60;
/** URLs are signed at the start of a window of this length… */
export const SIGNING_WINDOW_SECONDS = 5 * 60;
/** …for this long, so the shortest life an answer's URL can have is TTL − window. */
export const PREVIEW_URL_TTL_SECONDS = 20 * 60;
export const PREVIEW_URL_MIN_LIFE_SECONDS = PREVIEW_URL_TTL_SECONDS - SIGNING_WINDOW_SECONDS;

/** The start of the signing window `now` falls in. */
export function signingMoment(now: Date): Date {
  const windowMs = SIGNING_WINDOW_SECONDS * 1000;
  return new Date(Math.floor(now.getTime() / windowMs) * windowMs);
}

type LessonRow = typeof lessons.$inferSelect;

interface Options {
  db: Database;
  media: MediaStore;
  now: Date;
  type: LessonType;
  program: string;
}

export async function programOutline(options: Options): Promise<ProgramOutline> {
  return options.type === 'main' ? mainOutline(options) : additionalOutline(options);
}

async function mainOutline({ db, media, now, program }: Options): Promise<ProgramOutline> {
  const [found] = await db
    .select({ id: mainPrograms.id, slug: mainPrograms.slug, title: mainPrograms.title })
    .from(mainPrograms)
    .innerJoin(ageGroups, eq(ageGroups.id, mainPrograms.ageGroupId))
    .where(and(eq(ageGroups.slug, program), eq(mainPrograms.isActive, true)))
    .orderBy(asc(mainPrograms.id))
    .limit(1);
  if (!found) throw notFound(PROGRAM_NOT_FOUND);

  const weeks = await db
    .select({ id: programWeeks.id, number: programWeeks.number, title: programWeeks.title })
    .from(programWeeks)
    .where(eq(programWeeks.mainProgramId, found.id))
    .orderBy(asc(programWeeks.number));
  const rows =
    weeks.length === 0
      ? []
      : await db
          .select()
          .from(lessons)
          .where(
            and(
              inArray(
                lessons.weekId,
                weeks.map((w) => w.id),
              ),
              isNotNull(lessons.weekId),
              eq(lessons.isActive, true),
            ),
          )
          .orderBy(asc(lessons.position));
  // The preview is the first lesson of the program: the first of week 1 (the access rule's own reading).
  const firstWeek = weeks[0];
  const previewId = rows.find((r) => r.weekId === firstWeek?.id)?.id;
  const signer = outlineSigner(media, now);

  return {
    type: 'main',
    program: { slug: found.slug, title: found.title, locked: false },
    weeks: await Promise.all(
      weeks.map(async (week) => ({
        number: week.number,
        title: week.title,
        lessons: await Promise.all(
          rows.filter((r) => r.weekId === week.id).map((r) => signer(r, r.id === previewId)),
        ),
      })),
    ),
    lessons: [],
  };
}

async function additionalOutline({ db, media, now, program }: Options): Promise<ProgramOutline> {
  const [found] = await db
    .select({
      id: additionalPrograms.id,
      slug: additionalPrograms.slug,
      title: additionalPrograms.title,
      locked: additionalPrograms.locked,
    })
    .from(additionalPrograms)
    .where(and(eq(additionalPrograms.slug, program), eq(additionalPrograms.isActive, true)));
  if (!found) throw notFound(PROGRAM_NOT_FOUND);
  const rows = await db
    .select()
    .from(lessons)
    .where(and(eq(lessons.additionalProgramId, found.id), eq(lessons.isActive, true)))
    .orderBy(asc(lessons.position));
  const signer = outlineSigner(media, now);
  // A program not on sale yet shows what it will hold, but plays nothing.
  const previewId = found.locked ? undefined : rows[0]?.id;
  return {
    type: 'additional',
    program: { slug: found.slug, title: found.title, locked: found.locked },
    weeks: [],
    lessons: await Promise.all(rows.map((r) => signer(r, r.id === previewId))),
  };
}

function outlineSigner(media: MediaStore, now: Date) {
  const signedAt = signingMoment(now);
  const expiresAt = new Date(signedAt.getTime() + PREVIEW_URL_TTL_SECONDS * 1000).toISOString();
  const sign = (key: string) => media.signedUrl(key, PREVIEW_URL_TTL_SECONDS, signedAt);
  return async (row: LessonRow, isPreview: boolean): Promise<OutlineLesson> => ({
    id: row.id,
    title: row.title,
    description: row.description,
    position: row.position,
    duration_seconds: row.durationSeconds,
    poster: await sign(row.posterKey),
    is_preview: isPreview,
    preview: isPreview
      ? {
          url: await sign(row.videoKey),
          subtitles: await sign(row.subtitlesKey),
          expires_at: expiresAt,
        }
      : null,
  });
}
