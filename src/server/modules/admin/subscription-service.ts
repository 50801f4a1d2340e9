// The back office's hand on a family's subscription: days given by the school (a period of the family's
// last tariff, following on from its paid time, as a gift) and ending access now (as the parent's own
// «Завершить подписку»).
import { desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { familySubscriptions } from '../../db/schema/index';
import { conflict } from '../../plugins/errors';
import { followPaidTime } from '../renewals/consent';
import { addPaidPeriod } from '../subscriptions/service';

export const NO_SUBSCRIPTION_YET =
  'У семьи ещё не было подписки: продлить нечего. Подарите ей сертификат или дождитесь оплаты';

export async function extendSubscription(
  db: Database,
  userId: number,
  days: number,
  now: Date,
): Promise<{ until: Date }> {
  return db.transaction(async (tx) => {
    const [last] = await tx
      .select({
        tariffId: familySubscriptions.tariffId,
        amountChildren: familySubscriptions.amountChildren,
      })
      .from(familySubscriptions)
      .where(eq(familySubscriptions.userId, userId))
      .orderBy(desc(familySubscriptions.endsAt))
      .limit(1);
    if (!last) throw conflict(NO_SUBSCRIPTION_YET);
    const period = await addPaidPeriod(tx, {
      userId,
      tariffId: last.tariffId,
      source: 'gift',
      months: 0,
      days,
      amountChildren: last.amountChildren,
      now,
    });
    // A renewal waiting for the end of paid time moves with it.
    await followPaidTime(tx, userId, now);
    return { until: new Date(period.ends_at) };
  });
}
