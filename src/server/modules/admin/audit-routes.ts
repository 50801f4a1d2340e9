import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { count, desc } from 'drizzle-orm';
import { errorBody } from '@contract/api/common';
import { adminListQuery, auditResponse } from '@contract/api/admin';
import { adminAudit } from '../../db/schema/index';
import type { ModuleDeps } from '../../deps';
import { listMeta, offsetOf } from './list';

/** The audit log is the administrators': it shows what every member of staff did. */
export function auditRoutes(deps: ModuleDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/admin/audit',
      {
        onRequest: app.requireStaff(['admin']),
        schema: {
          tags: ['admin'],
          summary: 'Журнал действий сотрудников, новые сверху',
          security: [{ bearer: [] }],
          querystring: adminListQuery,
          response: { 200: auditResponse, 401: errorBody, 403: errorBody },
        },
      },
      async (request) => {
        const query = request.query;
        const [rows, [total]] = await Promise.all([
          deps.db
            .select()
            .from(adminAudit)
            .orderBy(desc(adminAudit.id))
            .limit(query.per_page)
            .offset(offsetOf(query)),
          deps.db.select({ n: count() }).from(adminAudit),
        ]);
        return {
          data: rows.map((r) => ({
            id: r.id,
            actor_email: r.actorEmail,
            action: r.action,
            resource: r.resource,
            record_id: r.recordId,
            summary: r.summary,
            created_at: r.createdAt.toISOString(),
          })),
          meta: listMeta(query, total?.n ?? 0),
        };
      },
    );
  };
}
