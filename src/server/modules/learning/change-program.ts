// A parent moves a child to another age group's main program (the lessons are too easy or too hard): the
// child follows that program from its week 1, starting today. The child's age group follows too, so the
// profile and the lessons page agree on it.
import { and, eq } from 'drizzle-orm';
import { CHILD_NOT_FOUND } from '@contract/api/children';
import type { ChangeProgramBody, ChildProgram } from '@contract/api/learning';
import type { Database } from '../../db/client';
import { childPrograms, children, mainPrograms } from '../../db/schema/index';
import type { Clock } from '../../deps';
import { invalidField, notFound } from '../../plugins/errors';
import { currentWeekNumber } from '../lessons';
import { programOfAgeGroup } from '../lessons';

export const NO_PROGRAM_FOR_AGE_GROUP = 'Для этого возраста программы пока нет';

export async function changeProgram({
  db,
  clock,
  userId,
  input,
}: {
  db: Database;
  clock: Clock;
  userId: number;
  input: ChangeProgramBody;
}): Promise<ChildProgram> {
  const now = clock();
  const programId = await programOfAgeGroup(db, input.age_group);
  const [program] =
    programId === null
      ? []
      : await db
          .select({ id: mainPrograms.id, slug: mainPrograms.slug, title: mainPrograms.title })
          .from(mainPrograms)
          .where(eq(mainPrograms.id, programId));

  return db.transaction(async (tx) => {
    // One read before the change: the owner check, and the program the child follows now (a child who never
    // changed program follows their age group's, from the day they were added).
    const [before] = await tx
      .select({
        ageGroup: children.ageGroup,
        createdAt: children.createdAt,
        mainProgramId: childPrograms.mainProgramId,
        startedAt: childPrograms.startedAt,
      })
      .from(children)
      .leftJoin(childPrograms, eq(childPrograms.childId, children.id))
      .where(and(eq(children.id, input.child_id), eq(children.userId, userId)));
    if (!before) throw notFound(CHILD_NOT_FOUND);
    if (!program) throw invalidField('age_group', NO_PROGRAM_FOR_AGE_GROUP);
    await tx
      .update(children)
      .set({ ageGroup: input.age_group, updatedAt: now })
      .where(eq(children.id, input.child_id));
    const followed = before.mainProgramId ?? (await programOfAgeGroup(tx, before.ageGroup));
    // The program the child already follows keeps its calendar: a second tap must not send them to week 1.
    const startedAt = followed === program.id ? (before.startedAt ?? before.createdAt) : now;
    if (followed !== program.id) {
      await tx
        .insert(childPrograms)
        .values({ childId: input.child_id, mainProgramId: program.id, startedAt: now })
        .onConflictDoUpdate({
          target: childPrograms.childId,
          set: { mainProgramId: program.id, startedAt: now },
        });
    }
    return {
      child_id: input.child_id,
      program: { slug: program.slug, title: program.title, age_group: input.age_group },
      started_at: startedAt.toISOString(),
      current_week: currentWeekNumber(startedAt, now),
    };
  });
}
