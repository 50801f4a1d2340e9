// Promo codes in the back office: the administrator's only, since they are money. The rules (roubles
// and kopecks, Moscow days, an upper-case unique code) and the audit records are in admin-promos-service.ts.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBody } from '@contract/api/common';
import { adminListQuery, idParams } from '@contract/api/admin';
import { adminPromoResponse, adminPromosResponse, promoInput } from '@contract/api/admin-store';
import type { ModuleDeps } from '../../deps';
import { auditActor } from '../../shared/audit';
import { listMeta } from '../../shared/list';
import { createPromo, listPromos, promoById, updatePromo } from './admin-promos-service';

const errors = { 401: errorBody, 403: errorBody, 404: errorBody, 422: errorBody };
const security = [{ bearer: [] }];

export function promoAdminRoutes(deps: ModuleDeps): FastifyPluginAsyncZod {
  const { db } = deps;
  return async (app) => {
    const guard = app.requireStaff('promo-codes');

    app.get(
      '/admin/promo-codes',
      {
        onRequest: guard,
        schema: {
          tags: ['admin'],
          summary: 'Промокоды',
          security,
          querystring: adminListQuery,
          response: { 200: adminPromosResponse, ...errors },
        },
      },
      async (request) => {
        const { rows, total } = await listPromos(db, request.query);
        return { data: rows, meta: listMeta(request.query, total) };
      },
    );

    app.get(
      '/admin/promo-codes/:id',
      {
        onRequest: guard,
        schema: {
          tags: ['admin'],
          summary: 'Промокод',
          security,
          params: idParams,
          response: { 200: adminPromoResponse, ...errors },
        },
      },
      async (request) => ({ data: await promoById(db, request.params.id) }),
    );

    app.post(
      '/admin/promo-codes',
      {
        onRequest: guard,
        schema: {
          tags: ['admin'],
          summary: 'Новый промокод (фиксированная скидка — в рублях)',
          security,
          body: promoInput,
          response: { 201: adminPromoResponse, ...errors },
        },
      },
      async (request, reply) => {
        const row = await createPromo(db, auditActor(request), request.body, deps.clock());
        return reply.status(201).send({ data: row });
      },
    );

    app.put(
      '/admin/promo-codes/:id',
      {
        onRequest: guard,
        schema: {
          tags: ['admin'],
          summary: 'Изменить промокод',
          security,
          params: idParams,
          body: promoInput,
          response: { 200: adminPromoResponse, ...errors },
        },
      },
      async (request) => ({
        data: await updatePromo(
          db,
          auditActor(request),
          request.params.id,
          request.body,
          deps.clock(),
        ),
      }),
    );
  };
}
