// Seeds the learning content: main programs with their weeks and lessons, and the lessons of the additional
// programs. Like the rest of the seed, each row goes in with ON CONFLICT DO NOTHING on its natural key, so an
// edited lesson is never overwritten and a second run writes nothing. The one update: a lesson still on one
// of the shared 12-second clips earlier releases seeded (never edited since) moves to its own media.
import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../client';
import {
  additionalPrograms,
  ageGroups,
  lessons,
  mainPrograms,
  programWeeks,
} from '../schema/index';
import { RETIRED_DEMO_CLIPS, RETIRED_DEMO_SECONDS } from './data/lessons';
import type { SeedAdditionalLessons, SeedLesson, SeedMainProgram } from './data/types';

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

const lessonRow = (l: SeedLesson) => ({
  code: l.code,
  position: l.position,
  title: l.title,
  description: l.description,
  videoKey: l.video_key,
  posterKey: l.poster_key,
  subtitlesKey: l.subtitles_key,
  durationSeconds: l.duration_seconds,
});

/** Moves the lessons still on a retired shared clip to the media the seed now gives them. */
async function replaceRetiredClips(
  tx: Transaction,
  seeded: readonly SeedLesson[],
  count: (table: string, rows: unknown[]) => void,
): Promise<void> {
  const stale = await tx
    .select({ code: lessons.code })
    .from(lessons)
    .where(
      and(
        inArray(lessons.videoKey, RETIRED_DEMO_CLIPS),
        eq(lessons.durationSeconds, RETIRED_DEMO_SECONDS),
      ),
    );
  const byCode = new Map(seeded.map((l) => [l.code, l]));
  for (const { code } of stale) {
    const lesson = byCode.get(code);
    if (!lesson) continue;
    const { videoKey, posterKey, subtitlesKey, durationSeconds } = lessonRow(lesson);
    count(
      'lessons_updated',
      await tx
        .update(lessons)
        .set({ videoKey, posterKey, subtitlesKey, durationSeconds })
        .where(and(eq(lessons.code, code), inArray(lessons.videoKey, RETIRED_DEMO_CLIPS)))
        .returning({ id: lessons.id }),
    );
  }
}

async function idsBy<K extends string | number>(
  rows: Promise<{ id: number; key: K }[]>,
): Promise<Map<K, number>> {
  return new Map((await rows).map((r) => [r.key, r.id]));
}

export async function seedLearning(
  tx: Transaction,
  programs: SeedMainProgram[],
  extra: SeedAdditionalLessons[],
  count: (table: string, rows: unknown[]) => void,
): Promise<void> {
  if (programs.length > 0) {
    const groupIds = await idsBy(
      tx
        .select({ id: ageGroups.id, key: ageGroups.slug })
        .from(ageGroups)
        .where(
          inArray(
            ageGroups.slug,
            programs.map((p) => p.age_group),
          ),
        ),
    );
    const programRows = programs.flatMap((p) => {
      const ageGroupId = groupIds.get(p.age_group);
      return ageGroupId === undefined
        ? []
        : [{ slug: p.slug, ageGroupId, title: p.title, weekPrice: p.week_price }];
    });
    if (programRows.length > 0) {
      count(
        'main_programs',
        await tx
          .insert(mainPrograms)
          .values(programRows)
          .onConflictDoNothing({ target: mainPrograms.slug })
          .returning({ id: mainPrograms.id }),
      );
    }
    const programIds = await idsBy(
      tx
        .select({ id: mainPrograms.id, key: mainPrograms.slug })
        .from(mainPrograms)
        .where(
          inArray(
            mainPrograms.slug,
            programs.map((p) => p.slug),
          ),
        ),
    );
    const weekRows = programs.flatMap((p) => {
      const mainProgramId = programIds.get(p.slug);
      return mainProgramId === undefined
        ? []
        : p.weeks.map((w) => ({
            mainProgramId,
            number: w.number,
            title: w.title,
            homeActivity: w.home_activity ?? null,
          }));
    });
    if (weekRows.length > 0) {
      // A week seeded before it had a home activity got the seed's once, from migration 0018.
      count(
        'program_weeks',
        await tx
          .insert(programWeeks)
          .values(weekRows)
          .onConflictDoNothing({ target: [programWeeks.mainProgramId, programWeeks.number] })
          .returning({ id: programWeeks.id }),
      );
    }
    const weeks = await tx
      .select({
        id: programWeeks.id,
        programId: programWeeks.mainProgramId,
        number: programWeeks.number,
      })
      .from(programWeeks)
      .where(inArray(programWeeks.mainProgramId, [...programIds.values()]));
    const weekIds = new Map(weeks.map((w) => [`${w.programId}:${w.number}`, w.id]));
    const weekLessons = programs.flatMap((p) =>
      p.weeks.flatMap((w) => {
        const weekId = weekIds.get(`${programIds.get(p.slug)}:${w.number}`);
        return weekId === undefined ? [] : w.lessons.map((l) => ({ ...lessonRow(l), weekId }));
      }),
    );
    if (weekLessons.length > 0) {
      count(
        'lessons',
        await tx
          .insert(lessons)
          .values(weekLessons)
          .onConflictDoNothing({ target: lessons.code })
          .returning({ id: lessons.id }),
      );
    }
  }

  await replaceRetiredClips(
    tx,
    [
      ...programs.flatMap((p) => p.weeks.flatMap((w) => w.lessons)),
      ...extra.flatMap((e) => e.lessons),
    ],
    count,
  );

  if (extra.length > 0) {
    const extraIds = await idsBy(
      tx
        .select({ id: additionalPrograms.id, key: additionalPrograms.slug })
        .from(additionalPrograms)
        .where(
          inArray(
            additionalPrograms.slug,
            extra.map((e) => e.program_slug),
          ),
        ),
    );
    const extraLessons = extra.flatMap((e) => {
      const additionalProgramId = extraIds.get(e.program_slug);
      return additionalProgramId === undefined
        ? []
        : e.lessons.map((l) => ({ ...lessonRow(l), additionalProgramId }));
    });
    if (extraLessons.length > 0) {
      count(
        'lessons',
        await tx
          .insert(lessons)
          .values(extraLessons)
          .onConflictDoNothing({ target: lessons.code })
          .returning({ id: lessons.id }),
      );
    }
  }
}
