// The parent's payment history (personal/tariffs): every order that reached the bank, newest first.
import { and, desc, eq, ne } from 'drizzle-orm';
import type { z } from 'zod';
import type { paymentHistoryItem } from '@contract/api/store';
import type { Database } from '../../db/client';
import { paymentOrders, purchases } from '../../db/schema/index';

export const HISTORY_LIMIT = 50;

export async function paymentHistory(
  db: Database,
  userId: number,
): Promise<z.infer<typeof paymentHistoryItem>[]> {
  const rows = await db
    .select({ order: paymentOrders, purchase: purchases })
    .from(paymentOrders)
    .innerJoin(purchases, eq(purchases.id, paymentOrders.purchaseId))
    .where(and(eq(paymentOrders.userId, userId), ne(paymentOrders.state, 'new')))
    .orderBy(desc(paymentOrders.createdAt), desc(paymentOrders.id))
    .limit(HISTORY_LIMIT);
  return rows.map(({ order, purchase }) => ({
    purchase_id: purchase.id,
    order_number: order.orderNumber,
    type: purchase.type,
    title: purchase.lines.map((line) => line.name).join(', '),
    total: order.amount,
    status:
      order.state === 'paid' || order.state === 'refunded' || order.state === 'failed'
        ? order.state
        : 'pending',
    refunded_at: order.refundedAt?.toISOString() ?? null,
    masked_pan: order.maskedPan,
    created_at: order.createdAt.toISOString(),
  }));
}
