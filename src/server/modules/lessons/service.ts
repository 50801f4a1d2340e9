// The lessons page of one child: a week of the main program or an additional program, each lesson open or
// closed by the access rule (access.ts), media URLs signed only for what is open.
import { and, asc, eq, inArray } from 'drizzle-orm';
import { DEFAULT_AGE_GROUP } from '@contract/api/catalog';
import { formatMoscowDate } from '@contract/moscow-date';
import type { LessonItem, LessonsPage, LessonsQuery, LockReason } from '@contract/api/lessons';
import type { Database } from '../../db/client';
import { additionalPrograms, lessons, mainPrograms, programWeeks } from '../../db/schema/index';
import type { Clock } from '../../deps';
import type { MediaStore } from '../../integrations/storage/store';
import type { PublicCache } from '../public-cache';
import { invalidField, notFound } from '../../plugins/errors';
import {
  activeSubscription,
  currentWeekNumber,
  isWeekOpen,
  lessonAccess,
  type Access,
  type LessonPlace,
  type StudyMode,
} from './access';
import { familyFacts, programOfAgeGroup, viewerFacts, type ChildFacts } from './facts';
import { laddersOf } from '../media';
import { hlsMasterUrl, hlsTtlSeconds } from './hls-links';

/** Long enough to watch a lesson and seek in it; the page asks again for a new one after that. */
export const MEDIA_URL_TTL_SECONDS = 30 * 60;

export const PROGRAM_NOT_FOUND = 'Такой программы нет';
export const WEEK_NOT_FOUND = 'Такой недели нет';

/** What the family's situation adds to a closed lesson's reason. */
export interface LockSituation {
  /** The end of the «каникулы» running now, or null. */
  pausedUntil: Date | null;
  /** The family had a subscription (a trial included) before: the free week is not offered again. */
  hadSubscription: boolean;
}

const NO_SITUATION: LockSituation = { pausedUntil: null, hadSubscription: false };

/** Why a lesson is closed, as a reason code and the sentence the parent reads. */
export function lockOf(
  access: Access,
  studyMode: StudyMode | undefined,
  situation: LockSituation = NO_SITUATION,
): [LockReason, string] | null {
  if (access.allowed) return null;
  switch (access.because) {
    case 'no_child':
      return ['sign_in', 'Выберите ребёнка, чтобы смотреть уроки'];
    case 'no_subscription':
      // A pause cuts its weeks out of the paid time, so the access rule sees no subscription: the family
      // has one and is told when the lessons come back, never offered to buy it again.
      if (situation.pausedUntil) {
        return [
          'paused',
          `Каникулы до ${formatMoscowDate(situation.pausedUntil)}: тогда уроки откроются снова`,
        ];
      }
      return situation.hadSubscription
        ? ['no_subscription', 'Урок откроется с подпиской']
        : ['no_subscription', 'Урок откроется с подпиской — начните с бесплатной пробной недели'];
    case 'no_seat':
      return ['no_seat', 'В подписке нет места для этого ребёнка: добавьте место в тарифе'];
    case 'week_not_open':
      return studyMode === 'free'
        ? ['week_not_open', 'Эта неделя не входит в оплаченный период']
        : ['week_not_open', 'Неделя откроется по расписанию'];
    case 'program_not_bought':
      return ['program_not_bought', 'Программа откроется после покупки'];
  }
}

/** A lesson of a main program the child does not follow: only its preview and bought weeks play. */
export const OTHER_PROGRAM_LOCK: [LockReason, string] = [
  'other_program',
  'Это программа другого возраста: смените программу ребёнка',
];

type LessonRow = typeof lessons.$inferSelect;

interface Options {
  db: Database;
  clock: Clock;
  media: MediaStore;
  /** Signs the lessons' HLS links (hls-links.ts); without it the page gives none. */
  hlsSecret?: string;
  /** The public cache's catalogue reads: the program's weeks and lessons. */
  catalogue: PublicCache['catalogue'];
  userId: number;
  query: LessonsQuery & { child_id?: number; week?: number };
}

export async function listLessons({
  db,
  clock,
  media,
  hlsSecret,
  catalogue,
  userId,
  query,
}: Options): Promise<LessonsPage> {
  const now = clock();
  // The child's watched lessons come with the facts: the page shows each lesson's progress.
  const { family, child, watched, pausedUntil } =
    query.child_id === undefined
      ? {
          family: await familyFacts(db, userId, now),
          child: undefined,
          watched: [],
          pausedUntil: null,
        }
      : await viewerFacts(db, userId, query.child_id, now, 'watched');
  const situation: LockSituation = { pausedUntil, hadSubscription: family.periods.length > 0 };
  const type = query.type ?? 'main';
  const page =
    type === 'main'
      ? await mainProgramPage({ db, catalogue }, child, query, now)
      : await additionalProgramPage(db, query);

  const { periods } = family;
  const stats = new Map(
    watched.map((w): [number, Progress] => [
      w.lessonId,
      { watched_seconds: w.watchedSeconds, completed: w.completed },
    ]),
  );
  const ladders = hlsSecret
    ? await laddersOf(
        db,
        page.rows.map((r) => r.videoKey),
      )
    : new Map<string, never>();
  const items: LessonItem[] = [];
  for (const row of page.rows) {
    const place = page.placeOf(row);
    let access = lessonAccess({
      now,
      lesson: place,
      child,
      subscriptions: page.isChildsProgram ? periods : [],
    });
    let lock = lockOf(access, child?.studyMode, situation);
    if (!access.allowed && child && !page.isChildsProgram && place.program === 'main') {
      access = { allowed: false, because: 'week_not_open' };
      lock = OTHER_PROGRAM_LOCK;
    }
    const ladder = ladders.get(row.videoKey);
    items.push({
      id: row.id,
      title: row.title,
      description: row.description,
      position: row.position,
      week: place.program === 'main' ? place.weekNumber : null,
      duration_seconds: row.durationSeconds,
      is_preview: place.isFirstOfProgram,
      available: access.allowed,
      lock_reason: lock?.[0] ?? null,
      lock_message: lock?.[1] ?? null,
      video: {
        url: access.allowed
          ? await media.signedUrl(row.videoKey, MEDIA_URL_TTL_SECONDS, now)
          : null,
        // The adaptive stream once the ladder is made; `url` stays the original file, for players
        // without HLS and as the fallback.
        hls_url:
          access.allowed && hlsSecret && ladder?.state === 'ready'
            ? hlsMasterUrl(
                hlsSecret,
                row.id,
                ladder.folder,
                hlsTtlSeconds(MEDIA_URL_TTL_SECONDS, row.durationSeconds),
                now,
              )
            : null,
        poster: await media.signedUrl(row.posterKey, MEDIA_URL_TTL_SECONDS, now),
        subtitles: access.allowed
          ? await media.signedUrl(row.subtitlesKey, MEDIA_URL_TTL_SECONDS, now)
          : null,
      },
      task:
        access.allowed && row.taskKey !== null
          ? await media.signedUrl(row.taskKey, MEDIA_URL_TTL_SECONDS, now)
          : null,
      progress: stats.get(row.id) ?? { watched_seconds: 0, completed: false },
    });
  }

  const subscribed = Boolean(activeSubscription(periods, now));
  return {
    child_id: child?.id ?? null,
    type,
    program: page.program,
    weeks: page.weeks.map((w) => ({
      number: w.number,
      title: w.title,
      open:
        child !== undefined &&
        page.isChildsProgram &&
        (child.boughtWeekIds.has(w.id) ||
          (subscribed && child.hasSeat && isWeekOpen(child, periods, w.number, now))),
    })),
    week: page.week,
    lessons: items,
  };
}

interface ProgramPage {
  program: { slug: string; title: string };
  weeks: { id: number; number: number; title: string }[];
  week: number | null;
  rows: LessonRow[];
  isChildsProgram: boolean;
  placeOf(row: LessonRow): LessonPlace;
}

/** A main program's weeks and active lessons: the same for every family, so read from the public cache. */
export interface MainProgramCatalogue {
  program: { slug: string; title: string };
  weeks: { id: number; number: number; title: string }[];
  lessonsByWeek: Map<number, LessonRow[]>;
}

async function loadMainProgram(
  db: Database,
  programId: number,
): Promise<MainProgramCatalogue | null> {
  const [[program], weeks] = await Promise.all([
    db
      .select({ slug: mainPrograms.slug, title: mainPrograms.title })
      .from(mainPrograms)
      .where(eq(mainPrograms.id, programId)),
    db
      .select({ id: programWeeks.id, number: programWeeks.number, title: programWeeks.title })
      .from(programWeeks)
      .where(eq(programWeeks.mainProgramId, programId))
      .orderBy(asc(programWeeks.number)),
  ]);
  if (!program) return null;
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
              eq(lessons.isActive, true),
            ),
          )
          .orderBy(asc(lessons.position));
  const lessonsByWeek = new Map<number, LessonRow[]>(weeks.map((w) => [w.id, []]));
  for (const row of rows) if (row.weekId !== null) lessonsByWeek.get(row.weekId)?.push(row);
  return { program, weeks, lessonsByWeek };
}

/** A main program's title, weeks and active lessons by week, from the public cache. */
export function mainProgramCatalogue(
  db: Database,
  catalogue: PublicCache['catalogue'],
  programId: number,
): Promise<MainProgramCatalogue | null> {
  return catalogue(`main-program:${programId}`, () => loadMainProgram(db, programId));
}

async function mainProgramPage(
  { db, catalogue }: Pick<Options, 'db' | 'catalogue'>,
  child: ChildFacts | undefined,
  query: Options['query'],
  now: Date,
): Promise<ProgramPage> {
  const programOf = (slug: string) =>
    catalogue(`main-program-of:${slug}`, () => programOfAgeGroup(db, slug));
  const programId =
    query.program !== undefined
      ? await programOf(query.program)
      : (child?.mainProgramId ?? (await programOf(DEFAULT_AGE_GROUP)));
  if (programId === null) throw invalidField('program', PROGRAM_NOT_FOUND);
  const found = await mainProgramCatalogue(db, catalogue, programId);
  if (!found) throw invalidField('program', PROGRAM_NOT_FOUND);
  const { program, weeks } = found;

  const last = weeks.at(-1)?.number ?? 1;
  const isChildsProgram = child?.mainProgramId === programId;
  const current =
    child && isChildsProgram
      ? Math.min(Math.max(currentWeekNumber(child.programStartedAt, now), 1), last)
      : 1;
  const number = query.week ?? current;
  const week = weeks.find((w) => w.number === number);
  if (!week) throw notFound(WEEK_NOT_FOUND);
  const first = weeks[0];
  const rows = found.lessonsByWeek.get(week.id) ?? [];
  const firstPosition =
    first === undefined ? undefined : found.lessonsByWeek.get(first.id)?.[0]?.position;
  return {
    program,
    weeks,
    week: week.number,
    rows,
    isChildsProgram,
    placeOf: (row) => ({
      program: 'main',
      weekId: week.id,
      weekNumber: week.number,
      isFirstOfProgram: week.id === first?.id && row.position === firstPosition,
    }),
  };
}

async function additionalProgramPage(db: Database, query: Options['query']): Promise<ProgramPage> {
  if (query.program === undefined) throw invalidField('program', 'Выберите программу');
  const [program] = await db
    .select({
      id: additionalPrograms.id,
      slug: additionalPrograms.slug,
      title: additionalPrograms.title,
      locked: additionalPrograms.locked,
    })
    .from(additionalPrograms)
    .where(and(eq(additionalPrograms.slug, query.program), eq(additionalPrograms.isActive, true)));
  if (!program) throw invalidField('program', PROGRAM_NOT_FOUND);
  const rows = await db
    .select()
    .from(lessons)
    .where(and(eq(lessons.additionalProgramId, program.id), eq(lessons.isActive, true)))
    .orderBy(asc(lessons.position));
  // A program not on sale yet («скоро») has no free preview either: nothing of it plays.
  const firstId = program.locked ? undefined : rows[0]?.id;
  return {
    program: { slug: program.slug, title: program.title },
    weeks: [],
    week: null,
    rows,
    isChildsProgram: true,
    placeOf: (row) => ({
      program: 'additional',
      additionalProgramId: program.id,
      isFirstOfProgram: row.id === firstId,
    }),
  };
}

interface Progress {
  watched_seconds: number;
  completed: boolean;
}
