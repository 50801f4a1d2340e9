import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  additionalProgramsResponse,
  ageGroupsResponse,
  giftsResponse,
  regionsResponse,
  subscriptionsResponse,
} from '@contract/api/catalog';
import { errorBody, pageQuery } from '@contract/api/common';
import type { ModuleDeps } from '../../deps';
import {
  listAdditionalPrograms,
  listAgeGroups,
  listGifts,
  listRegions,
  listSubscriptions,
} from './service';

export function catalogRoutes(deps: Pick<ModuleDeps, 'db'>): FastifyPluginAsyncZod {
  const { db } = deps;
  return async (app) => {
    app.get(
      '/regions',
      {
        schema: {
          tags: ['catalog'],
          summary: 'Субъекты Российской Федерации, по алфавиту',
          response: { 200: regionsResponse },
        },
      },
      async () => ({ data: await listRegions({ db }) }),
    );

    app.get(
      '/age-groups',
      {
        schema: {
          tags: ['catalog'],
          summary: 'Возрастные группы основной программы',
          response: { 200: ageGroupsResponse },
        },
      },
      async () => ({ data: await listAgeGroups({ db }) }),
    );

    app.get(
      '/store/web/subscriptions',
      {
        schema: {
          tags: ['store'],
          summary: 'Тарифы подписки с выгодой',
          querystring: pageQuery,
          response: { 200: subscriptionsResponse, 422: errorBody },
        },
      },
      async (request) => listSubscriptions({ db, page: request.query.page }),
    );

    app.get(
      '/store/web/gifts',
      {
        schema: {
          tags: ['store'],
          summary: 'Подарочные подписки, по длительности',
          querystring: pageQuery,
          response: { 200: giftsResponse, 422: errorBody },
        },
      },
      async (request) => listGifts({ db, page: request.query.page }),
    );

    app.get(
      '/store/web/additional-programs',
      {
        schema: {
          tags: ['store'],
          summary: 'Дополнительные программы и их цены',
          response: { 200: additionalProgramsResponse },
        },
      },
      async () => ({ data: await listAdditionalPrograms({ db }) }),
    );
  };
}
