// The orders the back office reads — newest first, by state, by order number or the parent's address, or
// one account's — and a refund shown as the order it leaves behind (the refund itself is admin-refund.ts).
import { and, count, eq, ilike, or, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { AdminOrder, ordersListQuery } from '@contract/api/admin-families';
import type { Database } from '../../db/client';
import { paymentOrders, purchases, users } from '../../db/schema/index';
import { notFound } from '../../plugins/errors';
import { iso, likeLiteral, offsetOf, orderOf } from '../../shared/list';
import { refundOrder, type RefundDeps } from './admin-refund';

const ORDER_NOT_FOUND = 'Заказ не найден';
const refunder = alias(users, 'refunder');

const fields = {
  id: paymentOrders.id,
  orderNumber: paymentOrders.orderNumber,
  userId: paymentOrders.userId,
  email: users.email,
  type: purchases.type,
  kind: paymentOrders.kind,
  amount: paymentOrders.amount,
  state: paymentOrders.state,
  failReason: paymentOrders.failReason,
  maskedPan: paymentOrders.maskedPan,
  createdAt: paymentOrders.createdAt,
  settledAt: paymentOrders.settledAt,
  refundedAt: paymentOrders.refundedAt,
  refundedBy: refunder.email,
  refundReason: paymentOrders.refundReason,
};

type Row = {
  id: number;
  orderNumber: string;
  userId: number | null;
  email: string | null;
  type: string;
  kind: AdminOrder['kind'];
  amount: number;
  state: AdminOrder['state'];
  failReason: string | null;
  maskedPan: string | null;
  createdAt: Date;
  settledAt: Date | null;
  refundedAt: Date | null;
  refundedBy: string | null;
  refundReason: string | null;
};

const toAdmin = (row: Row): AdminOrder => ({
  id: row.id,
  order_number: row.orderNumber,
  user_id: row.userId,
  user_email: row.email,
  purchase_type: row.type,
  kind: row.kind,
  amount: row.amount,
  state: row.state,
  fail_reason: row.failReason,
  masked_pan: row.maskedPan,
  created_at: row.createdAt.toISOString(),
  settled_at: iso(row.settledAt),
  refunded_at: iso(row.refundedAt),
  refunded_by_email: row.refundedBy,
  refund_reason: row.refundReason,
});

const base = (db: Database) =>
  db
    .select(fields)
    .from(paymentOrders)
    .innerJoin(purchases, eq(purchases.id, paymentOrders.purchaseId))
    .leftJoin(users, eq(users.id, paymentOrders.userId))
    .leftJoin(refunder, eq(refunder.id, paymentOrders.refundedBy));

type ListQuery = z.output<typeof ordersListQuery>;

/** A page of orders by the list's filters. */
export async function listOrders(
  db: Database,
  query: ListQuery,
): Promise<{ rows: AdminOrder[]; total: number }> {
  const filters: SQL[] = [];
  if (query.state) filters.push(eq(paymentOrders.state, query.state));
  if (query.user_id) filters.push(eq(paymentOrders.userId, query.user_id));
  if (query.q) {
    const pattern = likeLiteral(query.q);
    const match = or(ilike(paymentOrders.orderNumber, pattern), ilike(users.email, pattern));
    if (match) filters.push(match);
  }
  const where = filters.length > 0 ? and(...filters) : undefined;
  const [rows, [total]] = await Promise.all([
    base(db)
      .where(where)
      .orderBy(
        orderOf(
          query,
          {
            id: paymentOrders.id,
            amount: paymentOrders.amount,
            created_at: paymentOrders.createdAt,
          },
          paymentOrders.id,
        ),
      )
      .limit(query.per_page)
      .offset(offsetOf(query)),
    db
      .select({ n: count() })
      .from(paymentOrders)
      .leftJoin(users, eq(users.id, paymentOrders.userId))
      .where(where),
  ]);
  return { rows: rows.map(toAdmin), total: total?.n ?? 0 };
}

export async function orderById(db: Database, id: number): Promise<AdminOrder> {
  const [row] = await base(db).where(eq(paymentOrders.id, id));
  if (!row) throw notFound(ORDER_NOT_FOUND);
  return toAdmin(row);
}

/** The refund, then the order as it is after it, with what was taken back and what is left to decide. */
export async function refundAndShow(
  deps: RefundDeps,
  input: Parameters<typeof refundOrder>[1],
): Promise<{ order: AdminOrder; taken_back: string[]; left: string[] }> {
  const result = await refundOrder(deps, input);
  const order = await orderById(deps.db, input.orderId);
  return { order, taken_back: result.takenBack, left: result.left };
}
