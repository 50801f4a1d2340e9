// The back office's support queue: requests newest first (open ones by a filter), one request, and the
// answer — mailed to the address the request came from, the request marked answered. The rules and the
// audit record are in admin-service.ts.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBody } from '@contract/api/common';
import {
  adminSupportRequestResponse,
  adminSupportRequestsResponse,
  idParams,
  supportAnswerBody,
  supportListQuery,
} from '@contract/api/admin';
import type { ModuleDeps } from '../../deps';
import { auditActor } from '../../shared/audit';
import { listMeta } from '../../shared/list';
import { answerSupportRequest, listSupportRequests, supportRequestById } from './admin-service';

const errors = { 401: errorBody, 403: errorBody, 404: errorBody, 422: errorBody };
const security = [{ bearer: [] }];

export function supportAdminRoutes(deps: ModuleDeps): FastifyPluginAsyncZod {
  const { db } = deps;
  return async (app) => {
    const guard = app.requireStaff('support-requests');

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
        const { rows, total } = await listSupportRequests(db, request.query);
        return { data: rows, meta: listMeta(request.query, total) };
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
      async (request) => ({ data: await supportRequestById(db, request.params.id) }),
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
      async (request) => ({
        data: await answerSupportRequest(
          db,
          auditActor(request),
          request.params.id,
          request.body.answer,
          deps.clock(),
        ),
      }),
    );
  };
}
