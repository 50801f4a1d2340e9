// Tariffs in the back office: the administrator sets prices, titles and what the store offers; support
// reads. Prices are typed in whole roubles; the rules (fixed terms once bought, room in the store, what
// may be deleted) and the audit records are in admin-tariffs-service.ts.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParams } from '@contract/api/admin';
import {
  adminTariffResponse,
  adminTariffsResponse,
  tariffInput,
  tariffsListQuery,
} from '@contract/api/admin-catalog';
import { errorBody } from '@contract/api/common';
import type { ModuleDeps } from '../../deps';
import { auditActor } from '../../shared/audit';
import { listMeta } from '../../shared/list';
import {
  createTariff,
  deleteTariff,
  listTariffs,
  tariffById,
  updateTariff,
} from './admin-tariffs-service';

const errors = { 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody, 422: errorBody };
const security = [{ bearer: [] }];

export function tariffAdminRoutes(deps: ModuleDeps): FastifyPluginAsyncZod {
  const { db } = deps;
  return async (app) => {
    const read = app.requireStaff('prices');
    const write = app.requireStaff('price-changes');

    app.get(
      '/admin/tariffs',
      {
        onRequest: read,
        schema: {
          tags: ['admin'],
          summary: 'Тарифы: подписки и подарочные подписки, с ценами в рублях',
          security,
          querystring: tariffsListQuery,
          response: { 200: adminTariffsResponse, ...errors },
        },
      },
      async (request) => {
        const { rows, total } = await listTariffs(db, request.query);
        return { data: rows, meta: listMeta(request.query, total) };
      },
    );

    app.get(
      '/admin/tariffs/:id',
      {
        onRequest: read,
        schema: {
          tags: ['admin'],
          summary: 'Тариф',
          security,
          params: idParams,
          response: { 200: adminTariffResponse, ...errors },
        },
      },
      async (request) => ({ data: await tariffById(db, request.params.id) }),
    );

    app.post(
      '/admin/tariffs',
      {
        onRequest: write,
        schema: {
          tags: ['admin'],
          summary: 'Новый платный тариф (цена — в рублях)',
          security,
          body: tariffInput,
          response: { 201: adminTariffResponse, ...errors },
        },
      },
      async (request, reply) => {
        const data = await createTariff(db, auditActor(request), deps.clock(), request.body);
        return reply.status(201).send({ data });
      },
    );

    app.put(
      '/admin/tariffs/:id',
      {
        onRequest: write,
        schema: {
          tags: ['admin'],
          summary: 'Изменить тариф: цена действует для новых покупок',
          description:
            'Цена — в рублях. У купленного тарифа вид, срок и число детей не меняются; у пробной ' +
            'недели цены нет. Выключенный тариф пропадает из магазина сразу.',
          security,
          params: idParams,
          body: tariffInput,
          response: { 200: adminTariffResponse, ...errors },
        },
      },
      async (request) => ({
        data: await updateTariff(
          db,
          auditActor(request),
          deps.clock(),
          request.params.id,
          request.body,
        ),
      }),
    );

    app.delete(
      '/admin/tariffs/:id',
      {
        onRequest: write,
        schema: {
          tags: ['admin'],
          summary: 'Удалить тариф, созданный в админке, если его никто не покупал',
          security,
          params: idParams,
          response: { 200: adminTariffResponse, ...errors },
        },
      },
      async (request) => ({
        data: await deleteTariff(db, auditActor(request), request.params.id),
      }),
    );
  };
}
