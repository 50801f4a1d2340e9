// What an auto-renewal charges. The parent agreed to renewals of a tariff at the price they paid with the
// consent, and every reminder says the amount: so a renewal never charges more than the family's last
// payment for that tariff under the consent (the consenting purchase or the last renewal), while a price the
// school lowers applies from the next charge. A higher catalogue price reaches a family only when it buys
// the tariff again. Purchases keep their lines, so the last one tells what was paid.
import { and, desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { purchases } from '../../db/schema/index';

export async function renewalAmount(
  db: Database,
  userId: number,
  tariff: { id: number; price: number },
): Promise<number> {
  const [last] = await db
    .select({ amount: purchases.amount })
    .from(purchases)
    .where(
      and(
        eq(purchases.userId, userId),
        eq(purchases.tariffId, tariff.id),
        eq(purchases.type, 'subscription'),
        eq(purchases.status, 'paid'),
        eq(purchases.recurrent, true),
      ),
    )
    .orderBy(desc(purchases.paidAt), desc(purchases.id))
    .limit(1);
  return last && last.amount > 0 ? Math.min(last.amount, tariff.price) : tariff.price;
}
