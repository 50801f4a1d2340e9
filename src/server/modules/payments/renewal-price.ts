// What an auto-renewal charges. The parent agreed to renewals of a tariff at the tariff's price named in the
// consent (checkout/renewal-consent.tsx: a promo code counts for that payment only), and every reminder
// says the amount: so a renewal charges the tariff's price as it was at the family's last payment under the
// consent (the consenting purchase or the last renewal) — its list price, before any promo discount — or
// the catalogue price if the school lowered it since. A higher catalogue price reaches a family only when it
// buys the tariff again. Purchases keep their lines, so the last one tells what the price was.
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
