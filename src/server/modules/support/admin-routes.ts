// The back office's support queue: requests newest first (open ones by a filter), one request, and the
// answer — mailed to the address the request came from, the request marked answered.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { and, count, eq, ilike, or, type SQL } from 'drizzle-orm';
import { errorBody } from '@contract/api/common';
import {
  adminSupportRequestResponse,
  adminSupportRequestsResponse,
  idParams,
  supportAnswerBody,
  supportListQuery,
  type AdminSupportRequest,
} from '@contract/api/admin';
import type { Database } from '../../db/client';
import { supportRequests } from '../../db/schema/index';
import type { ModuleDeps } from '../../deps';
import { queueMail } from '../../integrations/mail/queue';
import { notFound } from '../../plugins/errors';
import { auditActor, recordAudit } from '../admin/audit';
import { iso, likeLiteral, listMeta, offsetOf, orderOf } from '../admin/list';

const READERS = ['admin', 'support'] as const;
const NOT_FOUND = 'Обращение не найдено';
const errors = { 401: errorBody, 403: errorBody, 404: errorBody, 422: errorBody };
const security = [{ bearer: [] }];

type Row = typeof supportRequests.$inferSelect;

const toAdmin = (row: Row): AdminSupportRequest => ({
  id: row.id,
  name: row.name,
  email: row.email,
  message: row.message,
  status: row.status,
  answer: row.answer,
  answered_at: iso(row.answeredAt),
  user_id: row.userId,
  created_at: row.createdAt.toISOString(),
});

async function findRequest(db: Database, id: number): Promise<Row> {
  const [row] = await db.select().from(supportRequests).where(eq(supportRequests.id, id));
  if (!row) throw notFound(NOT_FOUND);
  return row;
}

export function supportAdminRoutes(deps: ModuleDeps): FastifyPluginAsyncZod {
  const { db } = deps;
  return async (app) => {
    const guard = app.requireStaff(READERS);

    app.get(
      '/admin/support-requests',
      {
        onRequest: guard,
        schema: {
          tags: ['admin'],
          summary: 'Обращения в поддержку (фильтр по статусу, поиск по имени и почте)',
          security,
          querystring: supportListQuery,
          response: { 200: adminSupportRequestsResponse, ...errors },
        },
      },
      async (request) => {
        const query = request.query;
        const filters: SQL[] = [];
        if (query.status) filters.push(eq(supportRequests.status, query.status));
        if (query.q) {
          const pattern = likeLiteral(query.q);
          const match = or(
            ilike(supportRequests.email, pattern),
            ilike(supportRequests.name, pattern),
          );
          if (match) filters.push(match);
        }
        const where = filters.length > 0 ? and(...filters) : undefined;
        const [rows, [total]] = await Promise.all([
          db
            .select()
            .from(supportRequests)
            .where(where)
            .orderBy(
              orderOf(
                query,
                { id: supportRequests.id, created_at: supportRequests.createdAt },
                supportRequests.id,
              ),
            )
            .limit(query.per_page)
            .offset(offsetOf(query)),
          db.select({ n: count() }).from(supportRequests).where(where),
        ]);
        return { data: rows.map(toAdmin), meta: listMeta(query, total?.n ?? 0) };
      },
    );

    app.get(
      '/admin/support-requests/:id',
      {
        onRequest: guard,
        schema: {
          tags: ['admin'],
          summary: 'Обращение',
          security,
          params: idParams,
          response: { 200: adminSupportRequestResponse, ...errors },
        },
      },
      async (request) => ({ data: toAdmin(await findRequest(db, request.params.id)) }),
    );

    app.post(
      '/admin/support-requests/:id/answer',
      {
        onRequest: guard,
        schema: {
          tags: ['admin'],
          summary: 'Ответить на обращение: ответ уходит письмом на адрес обращения',
          description:
            'Можно ответить ещё раз: письмо уйдёт снова, в обращении останется последний ответ.',
          security,
          params: idParams,
          body: supportAnswerBody,
          response: { 200: adminSupportRequestResponse, ...errors },
        },
      },
      async (request) => {
        const actor = auditActor(request);
        const now = deps.clock();
        const row = await db.transaction(async (tx) => {
          const found = await findRequest(tx, request.params.id);
          const [updated] = await tx
            .update(supportRequests)
            .set({
              status: 'answered',
              answer: request.body.answer,
              answeredAt: now,
              answeredBy: actor.id,
              updatedAt: now,
            })
            .where(eq(supportRequests.id, found.id))
            .returning();
          await queueMail(tx, {
            template: 'support-answer',
            to: found.email,
            data: { number: found.id, name: found.name, answer: request.body.answer },
          });
          await recordAudit(tx, actor, {
            action: 'answer',
            resource: 'support-requests',
            recordId: found.id,
          });
          return updated ?? found;
        });
        return { data: toAdmin(row) };
      },
    );
  };
}
