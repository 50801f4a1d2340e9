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
import { getLanding, getPage, listInstructions } from './service';

export function contentRoutes(deps: Pick<ModuleDeps, 'db'>): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/landing-data',
      {
        schema: {
          tags: ['content'],
          summary: 'Тексты лендинга (key=landing) или страницы оплаты (key=payment)',
          querystring: landingQuery,
          response: { 200: landingResponse, 404: errorBody, 422: errorBody },
        },
      },
      async (request) => ({ data: await getLanding({ db: deps.db, key: request.query.key }) }),
    );

    app.get(
      '/page/:slug',
      {
        schema: {
          tags: ['content'],
          summary: 'Статическая страница: документы, «О школе»',
          params: slugParam,
          response: { 200: pageResponse, 404: errorBody, 422: errorBody },
        },
      },
      async (request) => ({ data: await getPage({ db: deps.db, slug: request.params.slug }) }),
    );

    app.get(
      '/admin/instruction',
      {
        schema: {
          tags: ['content'],
          summary: 'Инструкции раздела «Помощь» (чтение открыто всем)',
          response: { 200: instructionsResponse },
        },
      },
      async () => ({ data: await listInstructions({ db: deps.db }) }),
    );
  };
}
