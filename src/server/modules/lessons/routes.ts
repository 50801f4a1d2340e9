import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBody } from '@contract/api/common';
import {
  downloadsQuery,
  lessonDownloadsResponse,
  lessonsQuery,
  lessonsResponse,
} from '@contract/api/lessons';
import type { ModuleDeps } from '../../deps';
import { currentFamily } from '../../plugins/auth';
import { hlsSecret } from './hls-links';
import { listLessons } from './service';
import { listDownloads } from './downloads';

export function lessonsRoutes(deps: ModuleDeps): FastifyPluginAsyncZod {
  const { db, clock, media, publicCache } = deps;
  const hls = hlsSecret(deps.config, media);
  return async (app) => {
    app.get(
      '/profile/lessons',
      {
        onRequest: app.requireMember,
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
          userId: currentFamily(request).id,
          query: request.query,
        }),
      }),
    );

    app.get(
      '/profile/lessons/downloads',
      {
        onRequest: app.requireMember,
        schema: {
          tags: ['lessons'],
          summary: 'Уроки недели, которые можно скачать для поездки',
          description:
            'Открытые уроки текущей недели ребёнка с готовым адаптивным видео: по одному качеству ' +
            '(не выше 540p), примерный размер, подписанные ссылки на 2 часа и срок, до которого ' +
            'скачанное можно хранить (конец доступа семьи, но не дольше 14 дней). Чужой ребёнок — 404.',
          security: [{ bearer: [] }],
          querystring: downloadsQuery,
          response: {
            200: lessonDownloadsResponse,
            401: errorBody,
            404: errorBody,
            422: errorBody,
          },
        },
      },
      async (request) => ({
        data: await listDownloads({
          db,
          clock,
          media,
          hlsSecret: hls,
          catalogue: publicCache.catalogue,
          userId: currentFamily(request).id,
          childId: request.query.child_id,
        }),
      }),
    );
  };
}
