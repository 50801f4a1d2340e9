import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBody } from '@contract/api/common';
import {
  EXTENSION_MINUTES,
  MAX_EXTRA_MINUTES_A_DAY,
  screenTimeExtendBody,
  screenTimeListResponse,
  screenTimeResponse,
} from '@contract/api/screen-time';
import type { ModuleDeps } from '../../deps';
import { currentFamily } from '../../plugins/auth';
import { extendScreenTime, familyScreenTime } from './service';

const guarded = { tags: ['children'], security: [{ bearer: [] }] };

export function screenTimeRoutes(deps: ModuleDeps): FastifyPluginAsyncZod {
  const { db, clock } = deps;
  return async (app) => {
    app.get(
      '/profile/screen-time',
      {
        onRequest: app.requireMember,
        schema: {
          ...guarded,
          summary: 'Экранное время детей семьи сегодня',
          description:
            'Для каждого ребёнка: минуты уроков за сегодняшний день по Москве (на всех устройствах), ' +
            'лимит, час «без уроков после», добавленные минуты и можно ли смотреть сейчас.',
          response: { 200: screenTimeListResponse, 401: errorBody },
        },
      },
      async (request) => ({ data: await familyScreenTime(db, currentFamily(request).id, clock()) }),
    );

    app.post(
      '/profile/screen-time/extend',
      {
        onRequest: app.requireMember,
        schema: {
          ...guarded,
          summary: `Взрослый добавляет ребёнку ${EXTENSION_MINUTES} минут уроков на сегодня`,
          description:
            `Уроки снова открыты ещё на ${EXTENSION_MINUTES} минут просмотра, несмотря на лимит и час. ` +
            `Не больше ${MAX_EXTRA_MINUTES_A_DAY} минут за день (иначе 409). Чужой ребёнок — 404.`,
          body: screenTimeExtendBody,
          response: {
            200: screenTimeResponse,
            401: errorBody,
            404: errorBody,
            409: errorBody,
            422: errorBody,
          },
        },
      },
      async (request) => ({
        data: await extendScreenTime(db, currentFamily(request).id, request.body.child_id, clock()),
      }),
    );
  };
}
