// Why parents switch auto-renewal off: each reason's share over a period, which every member of staff may
// read, and the answers one by one with the parents' own comments (no names, but free text a parent may
// have written anything in), which only the roles holding `renewal-comments` read (@contract/staff-access).
// The queries are in admin-service.ts.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBody } from '@contract/api/common';
import {
  reasonStatsQuery,
  reasonStatsResponse,
  reasonsQuery,
  unsubscribeReasonsResponse,
} from '@contract/api/admin-store';
import type { ModuleDeps } from '../../deps';
import { listMeta } from '../../shared/list';
import { listUnsubscribeReasons, unsubscribeReasonStats } from './admin-service';

const errors = { 401: errorBody, 403: errorBody, 422: errorBody };
const security = [{ bearer: [] }];

export function unsubscribeReasonRoutes(deps: ModuleDeps): FastifyPluginAsyncZod {
  const { db } = deps;

  return async (app) => {
    app.get(
      '/admin/unsubscribe-reasons',
      {
        onRequest: app.requireStaff('renewal-comments'),
        schema: {
          tags: ['admin'],
          summary: 'Причины отключения автопродления: ответы родителей, новые сверху',
          security,
          querystring: reasonsQuery,
          response: { 200: unsubscribeReasonsResponse, ...errors },
        },
      },
      async (request) => {
        const { rows, total } = await listUnsubscribeReasons(db, request.query, deps.clock());
        return { data: rows, meta: listMeta(request.query, total) };
      },
    );

    app.get(
      '/admin/unsubscribe-reasons/stats',
      {
        onRequest: app.requireStaff('renewal-reasons'),
        schema: {
          tags: ['admin'],
          summary: 'Доля каждой причины отключения автопродления за период',
          security,
          querystring: reasonStatsQuery,
          response: { 200: reasonStatsResponse, ...errors },
        },
      },
      async (request) => ({
        data: await unsubscribeReasonStats(db, request.query.days, deps.clock()),
      }),
    );
  };
}
