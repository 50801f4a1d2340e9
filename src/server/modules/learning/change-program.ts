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
import { currentWeekNumber } from '../lessons/access';
import { programOfAgeGroup } from '../lessons/facts';

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
    // A child who never changed program follows their age group's, from the day they were added.
    const [before] = await tx
      .select({ ageGroup: children.ageGroup })
      .from(children)
      .where(and(eq(children.id, input.child_id), eq(children.userId, userId)));
    const programBefore = before ? await programOfAgeGroup(tx, before.ageGroup) : null;
    const [child] = await tx
      .update(children)
      .set({ ageGroup: input.age_group, updatedAt: now })
      .where(and(eq(children.id, input.child_id), eq(children.userId, userId)))
      .returning({ id: children.id });
    if (!child) throw notFound(CHILD_NOT_FOUND);
    if (!program) throw invalidField('age_group', NO_PROGRAM_FOR_AGE_GROUP);
    // The program the child already follows: a second tap must not send them back to week 1.
    const [current] = await tx
      .select({
        mainProgramId: childPrograms.mainProgramId,
        startedAt: childPrograms.startedAt,
        createdAt: children.createdAt,
      })
      .from(children)
      .leftJoin(childPrograms, eq(childPrograms.childId, children.id))
      .where(eq(children.id, child.id));
    const followed = current?.mainProgramId ?? programBefore;
    if (current && followed === program.id) {
      const startedAt = current.startedAt ?? current.createdAt;
      return {
        child_id: child.id,
        program: { slug: program.slug, title: program.title, age_group: input.age_group },
        started_at: startedAt.toISOString(),
        current_week: currentWeekNumber(startedAt, now),
      };
    }
    await tx
      .insert(childPrograms)
      .values({ childId: child.id, mainProgramId: program.id, startedAt: now })
      .onConflictDoUpdate({
        target: childPrograms.childId,
        set: { mainProgramId: program.id, startedAt: now },
      });
    return {
      child_id: child.id,
      program: { slug: program.slug, title: program.title, age_group: input.age_group },
      started_at: now.toISOString(),
      current_week: 1,
    };
  });
}
