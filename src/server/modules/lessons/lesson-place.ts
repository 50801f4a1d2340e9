// One lesson by id with its place in a program (which week or additional program, whether it is the
// program's free preview): what the access rule needs to judge a single lesson, as the player reports on it.
import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { additionalPrograms, lessons, programWeeks } from '../../db/schema/index';
import type { LessonPlace } from './access';

export type LessonRow = typeof lessons.$inferSelect;

export interface PlacedLesson {
  row: LessonRow;
  place: LessonPlace;
  /** The main program the lesson's week belongs to; null for an additional program's lesson. */
  mainProgramId: number | null;
}

async function firstPosition(db: Database, where: ReturnType<typeof and>) {
  const [first] = await db
    .select({ position: lessons.position })
    .from(lessons)
    .where(where)
    .orderBy(asc(lessons.position))
    .limit(1);
  return first?.position;
}

/** An active lesson of an active program, or null (unknown, hidden or its program withdrawn). */
export async function placedLesson(db: Database, lessonId: number): Promise<PlacedLesson | null> {
  const [found] = await db
    .select({
      row: lessons,
      weekNumber: programWeeks.number,
      mainProgramId: programWeeks.mainProgramId,
      additionalActive: additionalPrograms.isActive,
      additionalLocked: additionalPrograms.locked,
    })
    .from(lessons)
    .leftJoin(programWeeks, eq(programWeeks.id, lessons.weekId))
    .leftJoin(additionalPrograms, eq(additionalPrograms.id, lessons.additionalProgramId))
    .where(and(eq(lessons.id, lessonId), eq(lessons.isActive, true)));
  if (!found) return null;
  const { row } = found;

  if (row.weekId !== null && found.mainProgramId !== null && found.weekNumber !== null) {
    const [firstWeek] = await db
      .select({ id: programWeeks.id })
      .from(programWeeks)
      .where(eq(programWeeks.mainProgramId, found.mainProgramId))
      .orderBy(asc(programWeeks.number))
      .limit(1);
    const isFirstWeek = firstWeek?.id === row.weekId;
    const first = isFirstWeek
      ? await firstPosition(db, and(eq(lessons.weekId, row.weekId), eq(lessons.isActive, true)))
      : undefined;
    return {
      row,
      mainProgramId: found.mainProgramId,
      place: {
        program: 'main',
        weekId: row.weekId,
        weekNumber: found.weekNumber,
        isFirstOfProgram: isFirstWeek && first === row.position,
      },
    };
  }

  if (row.additionalProgramId === null || found.additionalActive !== true) return null;
  const first = await firstPosition(
    db,
    and(eq(lessons.additionalProgramId, row.additionalProgramId), eq(lessons.isActive, true)),
  );
  return {
    row,
    mainProgramId: null,
    place: {
      program: 'additional',
      additionalProgramId: row.additionalProgramId,
      // Not on sale yet: no free preview (as on the lessons page).
      isFirstOfProgram: found.additionalLocked !== true && first === row.position,
    },
  };
}
