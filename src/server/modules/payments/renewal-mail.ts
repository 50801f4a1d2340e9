// The renewal mails, written in the caller's transaction: the reminder, the charge done (the letter of the
// renewal's order, sent with its delivery — paid-mail.ts — so once whichever confirmation gets
// there first), the failure.
import { eq } from 'drizzle-orm';
import { formatPrice } from '@contract/money';
import { formatMoscowDate } from '@contract/moscow-date';
import type { Database } from '../../db/client';
import { cardBindings, subscriptionRenewals, tariffs, users } from '../../db/schema/index';
import { queueMail } from '../../integrations/mail/queue';
import { renewalAmount } from './renewal-price';

type RenewalRow = typeof subscriptionRenewals.$inferSelect;

const cardLabel = (maskedPan: string | null) =>
  maskedPan ? `•••• ${maskedPan.replace(/\D/g, '').slice(-4)}` : '';

/** Who to mail and what about, read fresh. */
async function mailFacts(db: Database, row: RenewalRow) {
  const [facts] = await db
    .select({
      email: users.email,
      name: users.name,
      title: tariffs.title,
      price: tariffs.price,
      maskedPan: cardBindings.maskedPan,
    })
    .from(users)
    .innerJoin(tariffs, eq(tariffs.id, row.tariffId))
    .innerJoin(cardBindings, eq(cardBindings.id, row.cardBindingId))
    .where(eq(users.id, row.userId));
  return facts;
}

export async function mailAbout(
  db: Database,
  row: RenewalRow,
  template: 'renewal-reminder' | 'renewal-done' | 'renewal-failed',
  date: Date,
  options: { amount?: number; needsConfirmation?: boolean; orderNumber?: string } = {},
) {
  const facts = await mailFacts(db, row);
  if (!facts) return;
  const amount =
    options.amount ??
    (await renewalAmount(db, row.userId, { id: row.tariffId, price: facts.price }));
  const data = {
    name: facts.name,
    title: facts.title,
    amount: formatPrice(amount),
    date: formatMoscowDate(date),
    card: cardLabel(facts.maskedPan),
  };
  if (template === 'renewal-failed') {
    await queueMail(db, {
      template,
      to: facts.email,
      data: { ...data, needs_confirmation: options.needsConfirmation ?? false },
    });
  } else if (template === 'renewal-done' && options.orderNumber) {
    await queueMail(db, {
      template,
      to: facts.email,
      data: { ...data, order_number: options.orderNumber },
    });
  } else {
    await queueMail(db, { template, to: facts.email, data });
  }
}

/**
 * The renewal's payment was delivered: the charge date has moved to the new end of paid time; the parent
 * learns of the charge, with the order's number.
 */
export async function mailRenewalDone(
  tx: Database,
  userId: number,
  order: { amount: number; orderNumber: string },
): Promise<void> {
  const [row] = await tx
    .select()
    .from(subscriptionRenewals)
    .where(eq(subscriptionRenewals.userId, userId));
  if (row) {
    await mailAbout(tx, row, 'renewal-done', row.nextChargeAt, {
      amount: order.amount,
      orderNumber: order.orderNumber,
    });
  }
}
