// The letter of a paid order: one per order, queued in the transaction that marks it paid and delivers it
// (order-transitions.ts), so however many confirmations arrive — callback, return page, reconciler — the
// parent gets it once, and only if the delivery was written. A gift's letter carries its code, a renewal's
// the next charge; every other purchase gets «Оплата прошла» with what, for whom, until when, how much and
// the order's number.
import { and, asc, eq, inArray } from 'drizzle-orm';
import { formatPrice } from '@contract/money';
import { formatMoscowDate } from '@contract/moscow-date';
import type { Database } from '../../db/client';
import type { paymentOrders } from '../../db/schema/index';
import {
  childAdditionalPrograms,
  childWeeks,
  children,
  giftCertificates,
  tariffs,
  users,
} from '../../db/schema/index';
import { queueMail } from '../../integrations/mail/queue';
import { mailGiftReady } from '../gifts';
import { paidTimeEnd } from '../subscriptions';
import { mailRenewalDone } from './renewal-mail';
import type { PurchaseRow } from '../store';

type OrderRow = typeof paymentOrders.$inferSelect;

const MAX_ITEMS = 100;
const MAX_CHILDREN = 20;

/** Names of children in the family, in the order they were added. */
async function childNames(
  tx: Database,
  userId: number,
  ids: readonly number[] | null,
): Promise<string[]> {
  if (ids !== null && ids.length === 0) return [];
  const rows = await tx
    .select({ name: children.name })
    .from(children)
    .where(
      ids === null
        ? eq(children.userId, userId)
        : and(eq(children.userId, userId), inArray(children.id, [...ids])),
    )
    .orderBy(asc(children.id));
  return rows.map((row) => row.name);
}

/** Whom the purchase opened lessons for, and which of its lines it opened, as delivered. */
async function deliveredTo(
  tx: Database,
  userId: number,
  purchase: PurchaseRow,
): Promise<{ children: string[]; items: string[] }> {
  const items = purchase.lines.map((line) => line.name);
  switch (purchase.type) {
    case 'subscription': {
      // A subscription is the family's: named are its children when the tariff covers them all.
      const [tariff] =
        purchase.tariffId === null
          ? []
          : await tx.select().from(tariffs).where(eq(tariffs.id, purchase.tariffId));
      const names = await childNames(tx, userId, null);
      return { children: tariff && names.length <= tariff.amountChildren ? names : [], items };
    }
    case 'weeks': {
      const opened = await tx
        .select({ childId: childWeeks.childId, weekId: childWeeks.weekId })
        .from(childWeeks)
        .where(eq(childWeeks.purchaseId, purchase.id));
      const weekIds = new Set(opened.map((row) => row.weekId));
      return {
        children: await childNames(tx, userId, [...new Set(opened.map((row) => row.childId))]),
        items: purchase.lines
          .filter((line) => line.ref_id !== null && weekIds.has(line.ref_id))
          .map((line) => line.name),
      };
    }
    case 'additional-program': {
      const opened = await tx
        .select({ childId: childAdditionalPrograms.childId })
        .from(childAdditionalPrograms)
        .where(eq(childAdditionalPrograms.purchaseId, purchase.id));
      return {
        children: await childNames(
          tx,
          userId,
          opened.map((row) => row.childId),
        ),
        items,
      };
    }
    default:
      return { children: [], items };
  }
}

/**
 * Queues the letter of an order just delivered. `delivered` is fulfilPurchase's answer: a number is the
 * part going back (weeks the child had already).
 */
export async function mailPaidOrder(
  tx: Database,
  order: OrderRow,
  purchase: PurchaseRow,
  delivered: true | number,
  now: Date,
): Promise<void> {
  const userId = purchase.userId ?? order.userId;
  if (purchase.type === 'gift') {
    const [certificate] = await tx
      .select()
      .from(giftCertificates)
      .where(eq(giftCertificates.purchaseId, purchase.id));
    if (certificate) await mailGiftReady(tx, certificate, order);
    return;
  }
  if (userId === null) return;
  if (order.kind === 'renewal') {
    await mailRenewalDone(tx, userId, order);
    return;
  }
  const [user] = await tx
    .select({ email: users.email, name: users.name })
    .from(users)
    .where(eq(users.id, userId));
  if (!user) return;
  const { children: names, items } = await deliveredTo(tx, userId, purchase);
  const until = purchase.type === 'subscription' ? await paidTimeEnd(tx, userId, now) : null;
  const bought = items.length > 0 ? items : purchase.lines.map((line) => line.name);
  await queueMail(tx, {
    template: 'purchase-paid',
    to: user.email,
    data: {
      name: user.name,
      kind: purchase.type,
      // Cut to what the template takes: a letter that did not fit would undo the delivery it is part of.
      items: (bought.length > 0 ? bought : ['Покупка в Школе Умняшек'])
        .slice(0, MAX_ITEMS)
        .map((item) => item.slice(0, 300)),
      children: names.slice(0, MAX_CHILDREN).map((child) => child.slice(0, 200)),
      until: until === null ? null : formatMoscowDate(until),
      amount: formatPrice(order.amount),
      order_number: order.orderNumber,
      returned: typeof delivered === 'number' ? formatPrice(delivered) : null,
    },
  });
}
