// The rule for a child who never changed program: it follows its age group's first active main program.
// One builder, used alone (a change of program, the catalogue) and as a subquery of a child's facts.
import { and, asc, eq, type Column } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { ageGroups, mainPrograms } from '../../db/schema/index';

/** The program's id, for an age group's slug given as a value or as a column of the outer query. */
export function ageGroupProgram(db: Database, ageGroup: string | Column) {
  return db
    .select({ id: mainPrograms.id })
    .from(mainPrograms)
    .innerJoin(ageGroups, eq(ageGroups.id, mainPrograms.ageGroupId))
    .where(and(eq(ageGroups.slug, ageGroup), eq(mainPrograms.isActive, true)))
    .orderBy(asc(mainPrograms.id))
    .limit(1);
}
