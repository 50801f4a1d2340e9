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
import { REPEATABLE, sendCached } from '../public-cache';

export function catalogRoutes(deps: Pick<ModuleDeps, 'publicCache'>): FastifyPluginAsyncZod {
  const { publicCache } = deps;
  return async (app) => {
    app.get(
      '/regions',
      {
        compress: false,
        schema: {
          tags: ['catalog'],
          summary: 'Субъекты Российской Федерации, по алфавиту',
          response: { 200: regionsResponse },
        },
      },
      async (request, reply) => sendCached(request, reply, await publicCache.regions(), REPEATABLE),
    );

    app.get(
      '/age-groups',
      {
        compress: false,
        schema: {
          tags: ['catalog'],
          summary: 'Возрастные группы основной программы',
          response: { 200: ageGroupsResponse },
        },
      },
      async (request, reply) =>
        sendCached(request, reply, await publicCache.ageGroups(), REPEATABLE),
    );

    app.get(
      '/store/web/subscriptions',
      {
        compress: false,
        schema: {
          tags: ['store'],
          summary: 'Тарифы подписки с выгодой',
          querystring: pageQuery,
          response: { 200: subscriptionsResponse, 422: errorBody },
        },
      },
      async (request, reply) =>
        sendCached(request, reply, await publicCache.subscriptions(request.query.page), REPEATABLE),
    );

    app.get(
      '/store/web/gifts',
      {
        compress: false,
        schema: {
          tags: ['store'],
          summary: 'Подарочные подписки, по длительности',
          querystring: pageQuery,
          response: { 200: giftsResponse, 422: errorBody },
        },
      },
      async (request, reply) =>
        sendCached(request, reply, await publicCache.gifts(request.query.page), REPEATABLE),
    );

    app.get(
      '/store/web/additional-programs',
      {
        compress: false,
        schema: {
          tags: ['store'],
          summary: 'Дополнительные программы и их цены',
          response: { 200: additionalProgramsResponse },
        },
      },
      async (request, reply) =>
        sendCached(request, reply, await publicCache.additionalPrograms(), REPEATABLE),
    );
  };
}
