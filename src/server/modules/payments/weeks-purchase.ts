// A purchase of skipped weeks for one child: only weeks that are skipped now, each at its program's week
// price (the list /skiped-weeks shows is the one this checks against).
import { purchases } from '../../db/schema/index';
import type { Database } from '../../db/client';
import type { Clock } from '../../deps';
import { invalidField } from '../../plugins/errors';
import { skippedWeeks } from '../learning';

export const WEEK_NOT_SKIPPED = 'Эта неделя уже открыта или ещё не прошла';

export async function createWeeksPurchase({
  db,
  clock,
  userId,
  childId,
  weekIds,
}: {
  db: Database;
  clock: Clock;
  userId: number;
  childId: number;
  weekIds: readonly number[];
}): Promise<number> {
  // Another family's child is 404 here, as everywhere.
  const skipped = await skippedWeeks({ db, clock, userId, childId });
  const wanted = [...new Set(weekIds)];
  const weeks = wanted.map((id) => skipped.weeks.find((week) => week.week_id === id));
  if (weeks.some((week) => week === undefined)) throw invalidField('weeks', WEEK_NOT_SKIPPED);
  const title = skipped.program?.title ?? '';
  const lines = weeks.flatMap((week) =>
    week
      ? [
          {
            ref_id: week.week_id,
            name: `Неделя ${week.number} программы «${title}»`,
            quantity: 1,
            price: week.price,
          },
        ]
      : [],
  );
  const amount = lines.reduce((sum, line) => sum + line.price, 0);
  const [row] = await db
    .insert(purchases)
    .values({ userId, type: 'weeks', lines, amount, total: amount, childIds: [childId] })
    .returning({ id: purchases.id });
  if (!row) throw new Error('purchase insert returned nothing');
  return row.id;
}
