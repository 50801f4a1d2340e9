// Orders at the bank as the back office reads them: newest first, by state, by order number or the
// parent's address, or one account's. Reading is for the administrator and support; a refund (the whole
// sum back through the bank, and what the purchase gave taken back — admin-refund.ts) is the
// administrator's.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { and, count, eq, ilike, or, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { errorBody } from '@contract/api/common';
import { idParams } from '@contract/api/admin';
import {
  adminOrderResponse,
  adminOrdersResponse,
  adminRefundResponse,
  ordersListQuery,
  refundBody,
  type AdminOrder,
} from '@contract/api/admin-families';
import type { Database } from '../../db/client';
import { paymentOrders, purchases, users } from '../../db/schema/index';
import type { ModuleDeps } from '../../deps';
import { notFound } from '../../plugins/errors';
import { auditActor } from '../admin/audit';
import { iso, likeLiteral, listMeta, offsetOf, orderOf } from '../admin/list';
import { refundOrder } from './admin-refund';

const READERS = ['admin', 'support'] as const;
const ORDER_NOT_FOUND = 'Заказ не найден';
const errors = { 401: errorBody, 403: errorBody, 404: errorBody, 422: errorBody };
const security = [{ bearer: [] }];
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

export function ordersAdminRoutes(deps: ModuleDeps): FastifyPluginAsyncZod {
  const { db } = deps;
  return async (app) => {
    const guard = app.requireStaff(READERS);

    app.get(
      '/admin/orders',
      {
        onRequest: guard,
        schema: {
          tags: ['admin'],
          summary: 'Заказы в банке: по статусу, номеру заказа, почте родителя или аккаунту',
          security,
          querystring: ordersListQuery,
          response: { 200: adminOrdersResponse, ...errors },
        },
      },
      async (request) => {
        const query = request.query;
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
        return { data: rows.map(toAdmin), meta: listMeta(query, total?.n ?? 0) };
      },
    );

    app.get(
      '/admin/orders/:id',
      {
        onRequest: guard,
        schema: {
          tags: ['admin'],
          summary: 'Заказ',
          security,
          params: idParams,
          response: { 200: adminOrderResponse, ...errors },
        },
      },
      async (request) => {
        const [row] = await base(db).where(eq(paymentOrders.id, request.params.id));
        if (!row) throw notFound(ORDER_NOT_FOUND);
        return { data: toAdmin(row) };
      },
    );

    app.post(
      '/admin/orders/:id/refund',
      {
        onRequest: app.requireStaff(['admin']),
        schema: {
          tags: ['admin'],
          summary: 'Вернуть деньги за оплаченный заказ (всю сумму) и забрать то, что он дал',
          description:
            'Только администратор. Возврат всей суммы через банк, один раз: повторный или одновременный ' +
            'запрос получает 409. Банк отказал — 502, не ответил — 503; в обоих случаях ничего не ' +
            'изменилось. В ответе — что забрано и что осталось решить вручную.',
          security,
          params: idParams,
          body: refundBody,
          response: {
            200: adminRefundResponse,
            409: errorBody,
            502: errorBody,
            503: errorBody,
            ...errors,
          },
        },
      },
      async (request) => {
        const reason = request.body.reason?.trim() || null;
        const result = await refundOrder(
          { db, config: deps.config, log: request.log },
          {
            orderId: request.params.id,
            actor: auditActor(request),
            reason,
            now: deps.clock(),
          },
        );
        const [row] = await base(db).where(eq(paymentOrders.id, request.params.id));
        if (!row) throw notFound(ORDER_NOT_FOUND);
        return {
          data: { order: toAdmin(row), taken_back: result.takenBack, left: result.left },
        };
      },
    );
  };
}
