import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBody } from '@contract/api/common';
import { lessonsQuery, lessonsResponse } from '@contract/api/lessons';
import type { ModuleDeps } from '../../deps';
import { currentUser } from '../../plugins/auth';
import { hlsSecret } from './hls-links';
import { listLessons } from './service';

export function lessonsRoutes(deps: ModuleDeps): FastifyPluginAsyncZod {
  const { db, clock, media, publicCache } = deps;
  const hls = hlsSecret(deps.config, media);
  return async (app) => {
    app.get(
      '/profile/lessons',
      {
        onRequest: app.requireUser,
        schema: {
          tags: ['lessons'],
          summary: 'Уроки недели или дополнительной программы глазами ребёнка',
          description:
            'Фильтры необязательны: child_id, type (main | additional), program (возрастная группа или ' +
            'программа), week. Ссылки на видео и субтитры — только на открытые уроки, подписанные, на 30 минут; ' +
            'первый урок каждой программы открыт всем. Чужой ребёнок — 404.',
          security: [{ bearer: [] }],
          querystring: lessonsQuery,
          response: { 200: lessonsResponse, 401: errorBody, 404: errorBody, 422: errorBody },
        },
      },
      async (request) => ({
        data: await listLessons({
          db,
          clock,
          media,
          hlsSecret: hls,
          catalogue: publicCache.catalogue,
          userId: currentUser(request).id,
          query: request.query,
        }),
      }),
    );
  };
}
