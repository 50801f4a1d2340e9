// Skipped weeks: weeks of the child's main program calendar (week 1 from the day the child started it, one
// week per seven days) that have fully passed while no subscription of the family covered any of their
// days, and that were not bought for the child since. Each can be bought on its own at the program's week
// price (main_programs.week_price, catalogue data the back office edits); the purchase is the payments'.
import { asc, eq } from 'drizzle-orm';
import type { SkippedWeeks } from '@contract/api/learning';
import { moscowCalendarDate } from '@contract/moscow-date';
import type { Database } from '../../db/client';
import { mainPrograms, programWeeks } from '../../db/schema/index';
import type { Clock } from '../../deps';
import { skippedWeekNumbers, weekSpan } from '../lessons';
import { viewerFacts } from '../lessons';
import { lessonsPerWeek } from './child-stats';

const DAY_MS = 24 * 60 * 60 * 1000;

export async function skippedWeeks({
  db,
  clock,
  userId,
  childId,
}: {
  db: Database;
  clock: Clock;
  userId: number;
  childId: number;
}): Promise<SkippedWeeks> {
  const now = clock();
  const { family, child } = await viewerFacts(db, userId, childId, now);
  const [program] =
    child.mainProgramId === null
      ? []
      : await db
          .select({
            slug: mainPrograms.slug,
            title: mainPrograms.title,
            weekPrice: mainPrograms.weekPrice,
          })
          .from(mainPrograms)
          .where(eq(mainPrograms.id, child.mainProgramId));
  if (!program || child.mainProgramId === null) {
    return { child_id: child.id, program: null, weeks: [], total: 0 };
  }

  const weeks = await db
    .select({ id: programWeeks.id, number: programWeeks.number, title: programWeeks.title })
    .from(programWeeks)
    .where(eq(programWeeks.mainProgramId, child.mainProgramId))
    .orderBy(asc(programWeeks.number));
  const skipped = new Set(
    skippedWeekNumbers(child, new Map(weeks.map((w) => [w.number, w.id])), family.periods, now),
  );
  const chosen = weeks.filter((w) => skipped.has(w.number));
  const lessonCounts = await lessonsPerWeek(
    db,
    chosen.map((w) => w.id),
  );
  const items = chosen.map((w) => {
    const span = weekSpan(child.programStartedAt, w.number);
    return {
      week_id: w.id,
      number: w.number,
      title: w.title,
      starts_on: moscowCalendarDate(span.startsAt),
      // Seven calendar days from the first: ranges of consecutive weeks never share a day on screen.
      ends_on: moscowCalendarDate(new Date(span.startsAt.getTime() + 6 * DAY_MS)),
      lessons: lessonCounts.get(w.id) ?? 0,
      price: program.weekPrice,
    };
  });
  return {
    child_id: child.id,
    program: { slug: program.slug, title: program.title },
    weeks: items,
    total: items.reduce((sum, w) => sum + w.price, 0),
  };
}
