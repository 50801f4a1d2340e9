// Orders at the bank as the back office reads them: newest first, by state, by order number or the
// parent's address, or one account's. Reading is for the administrator and support; a refund (the whole
// sum back through the bank, and what the purchase gave taken back — admin-refund.ts) is the
// administrator's, as is the orders file for the accountant (orders-export.ts). The queries are in
// admin-service.ts.
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { periodQuery } from '@contract/api/admin-exports';
import { errorBody } from '@contract/api/common';
import { idParams } from '@contract/api/admin';
import {
  adminOrderResponse,
  adminOrdersResponse,
  adminRefundResponse,
  ordersListQuery,
  refundBody,
} from '@contract/api/admin-families';
import type { ModuleDeps } from '../../deps';
import { auditActor } from '../../shared/audit';
import { listMeta } from '../../shared/list';
import { listOrders, orderById, refundAndShow } from './admin-service';
import { ordersCsv } from './orders-export';

const errors = { 401: errorBody, 403: errorBody, 404: errorBody, 422: errorBody };
const security = [{ bearer: [] }];

export function ordersAdminRoutes(deps: ModuleDeps): FastifyPluginAsyncZod {
  const { db } = deps;
  return async (app) => {
    const guard = app.requireStaff('orders');

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
        const { rows, total } = await listOrders(db, request.query);
        return { data: rows, meta: listMeta(request.query, total) };
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
      async (request) => ({ data: await orderById(db, request.params.id) }),
    );

    app.post(
      '/admin/orders/:id/refund',
      {
        onRequest: app.requireStaff('refunds'),
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
      async (request) => ({
        data: await refundAndShow(
          { db, config: deps.config, log: request.log },
          {
            orderId: request.params.id,
            actor: auditActor(request),
            reason: request.body.reason?.trim() || null,
            now: deps.clock(),
          },
        ),
      }),
    );

    app.get(
      '/admin/exports/orders.csv',
      {
        onRequest: app.requireStaff('order-exports'),
        schema: {
          tags: ['admin'],
          summary: 'Заказы за период файлом для бухгалтерии (CSV для Excel)',
          description:
            'Только администратор. from и to — дни по Москве, оба включительно. Строка на заказ: дата и ' +
            'время оплаты (неоплаченного — создания), номер, вид, что куплено, сумма, возврат и его дата, ' +
            'состояние, маска карты, строки чека. UTF-8 с BOM, разделитель «;». Отдаётся потоком.',
          security,
          querystring: periodQuery,
          produces: ['text/csv'],
          // 200 is the file itself, streamed: no JSON schema describes it.
          response: errors,
        },
      },
      async (request, reply) => {
        const { from, to } = request.query;
        // The plain reply: the typed one accepts only the declared JSON bodies, and this one is a stream.
        const plain: FastifyReply = reply;
        return plain
          .type('text/csv; charset=utf-8')
          .header('cache-control', 'no-store')
          .header('content-disposition', `attachment; filename="orders-${from}-${to}.csv"`)
          .send(ordersCsv(db, request.query));
      },
    );
  };
}
