import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBody } from '@contract/api/common';
import {
  instructionsResponse,
  landingQuery,
  landingResponse,
  pageResponse,
  slugParam,
} from '@contract/api/content';
import type { ModuleDeps } from '../../deps';
import { REPEATABLE, sendCached } from '../public-cache';

export function contentRoutes(deps: Pick<ModuleDeps, 'publicCache'>): FastifyPluginAsyncZod {
  const { publicCache } = deps;
  return async (app) => {
    app.get(
      '/landing-data',
      {
        compress: false,
        schema: {
          tags: ['content'],
          summary: 'Тексты лендинга (key=landing) или страницы оплаты (key=payment)',
          querystring: landingQuery,
          response: { 200: landingResponse, 404: errorBody, 422: errorBody },
        },
      },
      async (request, reply) =>
        sendCached(request, reply, await publicCache.landingData(request.query.key), REPEATABLE),
    );

    app.get(
      '/page/:slug',
      {
        compress: false,
        schema: {
          tags: ['content'],
          summary: 'Статическая страница: документы, «О школе»',
          params: slugParam,
          response: { 200: pageResponse, 404: errorBody, 422: errorBody },
        },
      },
      async (request, reply) =>
        sendCached(request, reply, await publicCache.page(request.params.slug), REPEATABLE),
    );

    app.get(
      '/admin/instruction',
      {
        compress: false,
        schema: {
          tags: ['content'],
          summary: 'Инструкции раздела «Помощь» (чтение открыто всем)',
          response: { 200: instructionsResponse },
        },
      },
      async (request, reply) =>
        sendCached(request, reply, await publicCache.instructions(), REPEATABLE),
    );
  };
}
