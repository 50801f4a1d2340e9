// Why parents switch auto-renewal off: the answers (reason and optional comment, no names) newest first,
// and each reason's share over a period. Every member of staff may read them.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { count, desc, gte, sql } from 'drizzle-orm';
import { STAFF_ROLES } from '@contract/api/auth';
import { errorBody } from '@contract/api/common';
import {
  reasonStatsQuery,
  reasonStatsResponse,
  reasonsQuery,
  unsubscribeReasonsResponse,
} from '@contract/api/admin-store';
import { UNSUBSCRIBE_REASON_TITLES, type UnsubscribeReasonCode } from '@contract/api/renewals';
import { unsubscribeFeedback } from '../../db/schema/index';
import type { ModuleDeps } from '../../deps';
import { listMeta, offsetOf } from '../admin/list';

const errors = { 401: errorBody, 403: errorBody, 422: errorBody };
const security = [{ bearer: [] }];
const DAY_MS = 24 * 60 * 60 * 1000;

const titleOf = (reason: string) =>
  UNSUBSCRIBE_REASON_TITLES[reason as UnsubscribeReasonCode] ?? reason;

export function unsubscribeReasonRoutes(deps: ModuleDeps): FastifyPluginAsyncZod {
  const { db } = deps;
  const since = (days: number | undefined) =>
    days === undefined
      ? undefined
      : gte(unsubscribeFeedback.createdAt, new Date(deps.clock().getTime() - days * DAY_MS));

  return async (app) => {
    const guard = app.requireStaff(STAFF_ROLES);

    app.get(
      '/admin/unsubscribe-reasons',
      {
        onRequest: guard,
        schema: {
          tags: ['admin'],
          summary: 'Причины отключения автопродления: ответы родителей, новые сверху',
          security,
          querystring: reasonsQuery,
          response: { 200: unsubscribeReasonsResponse, ...errors },
        },
      },
      async (request) => {
        const query = request.query;
        const where = since(query.days);
        const [rows, [total]] = await Promise.all([
          db
            .select()
            .from(unsubscribeFeedback)
            .where(where)
            .orderBy(desc(unsubscribeFeedback.id))
            .limit(query.per_page)
            .offset(offsetOf(query)),
          db.select({ n: count() }).from(unsubscribeFeedback).where(where),
        ]);
        return {
          data: rows.map((r) => ({
            id: r.id,
            reason: r.reason,
            title: titleOf(r.reason),
            comment: r.comment,
            created_at: r.createdAt.toISOString(),
          })),
          meta: listMeta(query, total?.n ?? 0),
        };
      },
    );

    app.get(
      '/admin/unsubscribe-reasons/stats',
      {
        onRequest: guard,
        schema: {
          tags: ['admin'],
          summary: 'Доля каждой причины отключения автопродления за период',
          security,
          querystring: reasonStatsQuery,
          response: { 200: reasonStatsResponse, ...errors },
        },
      },
      async (request) => {
        const rows = await db
          .select({ reason: unsubscribeFeedback.reason, n: sql<number>`count(*)::int` })
          .from(unsubscribeFeedback)
          .where(since(request.query.days))
          .groupBy(unsubscribeFeedback.reason);
        const total = rows.reduce((sum, r) => sum + r.n, 0);
        const counts = new Map(rows.map((r) => [r.reason, r.n]));
        return {
          data: Object.keys(UNSUBSCRIBE_REASON_TITLES).map((reason) => {
            const n = counts.get(reason as UnsubscribeReasonCode) ?? 0;
            return {
              reason,
              title: titleOf(reason),
              count: n,
              share: total === 0 ? 0 : Math.round((n / total) * 1000) / 10,
            };
          }),
        };
      },
    );
  };
}
