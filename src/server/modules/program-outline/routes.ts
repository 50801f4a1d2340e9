import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBody } from '@contract/api/common';
import { programOutlineQuery, programOutlineResponse } from '@contract/api/program-outline';
import type { ModuleDeps } from '../../deps';
import { sendCached } from '../public-cache';
import { OUTLINE_CACHE_SECONDS, PREVIEW_URL_MIN_LIFE_SECONDS } from './service';

export function programOutlineRoutes(deps: Pick<ModuleDeps, 'publicCache'>): FastifyPluginAsyncZod {
  const { publicCache } = deps;
  return async (app) => {
    app.get(
      '/program-outline',
      {
        compress: false,
        schema: {
          tags: ['lessons'],
          summary: 'Недели и уроки программы с бесплатным первым уроком (открыто всем)',
          description:
            'type: main (program — возрастная группа) или additional (program — программа). Ссылка на ' +
            'видео и субтитры — только у первого урока программы; ссылки подписаны и живут не меньше ' +
            `${PREVIEW_URL_MIN_LIFE_SECONDS / 60} минут, ответ можно хранить в кеше ${OUTLINE_CACHE_SECONDS} секунд.`,
          querystring: programOutlineQuery,
          response: { 200: programOutlineResponse, 404: errorBody, 422: errorBody },
        },
      },
      async (request, reply) => {
        const { type, program } = request.query;
        // The same for every caller, so any cache may keep it — briefly, well inside the URLs' life.
        return sendCached(
          request,
          reply,
          await publicCache.programOutline(type, program),
          // Not repeatable: its links are signed per time window, and only the route picks the window's entry.
          { cacheControl: `public, max-age=${OUTLINE_CACHE_SECONDS}` },
        );
      },
    );
  };
}
