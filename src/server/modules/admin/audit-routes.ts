import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBody } from '@contract/api/common';
import { adminListQuery, auditResponse } from '@contract/api/admin';
import type { ModuleDeps } from '../../deps';
import { listMeta } from '../../shared/list';
import { listAudit } from './audit-service';

/** The audit log is the administrators': it shows what every member of staff did. */
export function auditRoutes(deps: ModuleDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/admin/audit',
      {
        onRequest: app.requireStaff('audit'),
        schema: {
          tags: ['admin'],
          summary: 'Журнал действий сотрудников, новые сверху',
          security: [{ bearer: [] }],
          querystring: adminListQuery,
          response: { 200: auditResponse, 401: errorBody, 403: errorBody },
        },
      },
      async (request) => {
        const { rows, total } = await listAudit(deps.db, request.query);
        return { data: rows, meta: listMeta(request.query, total) };
      },
    );
  };
}
