// Prices beside the tariffs: the offers of each additional program (one per number of children) and the
// price of one skipped week of each main program. The administrator changes them, support reads them.
// The programs themselves are content and are edited elsewhere; here only what the store charges. The
// rules and the audit records are in admin-prices-service.ts.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminListQuery, idParams } from '@contract/api/admin';
import {
  adminProgramPricesListResponse,
  adminProgramPricesResponse,
  adminWeekPriceResponse,
  adminWeekPricesResponse,
  programPricesInput,
  weekPriceInput,
} from '@contract/api/admin-catalog';
import { errorBody } from '@contract/api/common';
import type { ModuleDeps } from '../../deps';
import { auditActor } from '../../shared/audit';
import { listMeta } from '../../shared/list';
import {
  listProgramPrices,
  listWeekPrices,
  programPricesById,
  updateProgramPrices,
  updateWeekPrice,
  weekPriceById,
} from './admin-prices-service';

const errors = { 401: errorBody, 403: errorBody, 404: errorBody, 422: errorBody };
const security = [{ bearer: [] }];

export function priceAdminRoutes(deps: ModuleDeps): FastifyPluginAsyncZod {
  const { db } = deps;
  return async (app) => {
    const read = app.requireStaff('prices');
    const write = app.requireStaff('price-changes');

    app.get(
      '/admin/program-prices',
      {
        onRequest: read,
        schema: {
          tags: ['admin'],
          summary: 'Дополнительные программы и их цены (по числу детей), в рублях',
          security,
          querystring: adminListQuery,
          response: { 200: adminProgramPricesListResponse, ...errors },
        },
      },
      async (request) => {
        const { rows, total } = await listProgramPrices(db, request.query);
        return { data: rows, meta: listMeta(request.query, total) };
      },
    );

    app.get(
      '/admin/program-prices/:id',
      {
        onRequest: read,
        schema: {
          tags: ['admin'],
          summary: 'Цены дополнительной программы',
          security,
          params: idParams,
          response: { 200: adminProgramPricesResponse, ...errors },
        },
      },
      async (request) => ({ data: await programPricesById(db, request.params.id) }),
    );

    app.put(
      '/admin/program-prices/:id',
      {
        onRequest: write,
        schema: {
          tags: ['admin'],
          summary: 'Цены дополнительной программы: действуют для новых покупок',
          description:
            'Весь список цен программы: строка без id — новая цена, строки нет в списке — цена ' +
            'удаляется (купленную можно только выключить). Цены — в рублях.',
          security,
          params: idParams,
          body: programPricesInput,
          response: { 200: adminProgramPricesResponse, ...errors },
        },
      },
      async (request) => ({
        data: await updateProgramPrices(
          db,
          auditActor(request),
          request.params.id,
          request.body.offers,
        ),
      }),
    );

    app.get(
      '/admin/week-prices',
      {
        onRequest: read,
        schema: {
          tags: ['admin'],
          summary: 'Цена пропущенной недели каждой основной программы, в рублях',
          security,
          querystring: adminListQuery,
          response: { 200: adminWeekPricesResponse, ...errors },
        },
      },
      async (request) => {
        const { rows, total } = await listWeekPrices(db, request.query);
        return { data: rows, meta: listMeta(request.query, total) };
      },
    );

    app.get(
      '/admin/week-prices/:id',
      {
        onRequest: read,
        schema: {
          tags: ['admin'],
          summary: 'Цена пропущенной недели основной программы',
          security,
          params: idParams,
          response: { 200: adminWeekPriceResponse, ...errors },
        },
      },
      async (request) => ({ data: await weekPriceById(db, request.params.id) }),
    );

    app.put(
      '/admin/week-prices/:id',
      {
        onRequest: write,
        schema: {
          tags: ['admin'],
          summary: 'Изменить цену пропущенной недели (в рублях): для новых покупок',
          security,
          params: idParams,
          body: weekPriceInput,
          response: { 200: adminWeekPriceResponse, ...errors },
        },
      },
      async (request) => ({
        data: await updateWeekPrice(
          db,
          auditActor(request),
          request.params.id,
          request.body.week_price,
        ),
      }),
    );
  };
}
