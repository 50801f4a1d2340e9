import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBody } from '@contract/api/common';
import {
  additionalProgressResponse,
  changeProgramBody,
  childProgramResponse,
  childProgressQuery,
  childProgressResponse,
  progressAdditionalQuery,
  skippedWeeksQuery,
  skippedWeeksResponse,
  videoProgressBody,
  videoProgressResponse,
} from '@contract/api/learning';
import type { ModuleDeps } from '../../deps';
import type { RateLimit } from '../../plugins/rate-limit';
import { currentFamily, currentUser } from '../../plugins/auth';
import { rateLimiter } from '../../plugins/rate-limit';
import { changeProgram } from './change-program';
import { additionalProgress, childProgress } from './progress';
import { skippedWeeks } from './skipped-weeks';
import { reportVideo } from './video-progress';

/**
 * The player reports every 10–15 seconds: two children watching in two tabs stay far below this, a
 * script hammering the call does not.
 */
export const VIDEO_REPORTS_PER_USER: RateLimit = {
  name: 'video-progress-user',
  max: 30,
  windowMs: 60_000,
};

const guarded = { tags: ['lessons'], security: [{ bearer: [] }] };
const errors = { 401: errorBody, 404: errorBody, 422: errorBody };

export function learningRoutes(deps: ModuleDeps): FastifyPluginAsyncZod {
  const { db, clock } = deps;
  const limiter = rateLimiter(deps);
  return async (app) => {
    app.post(
      '/profile/child/change_program',
      {
        onRequest: app.requireMember,
        schema: {
          ...guarded,
          summary: 'Перевести ребёнка на основную программу другой возрастной группы',
          description:
            'Ребёнок начинает программу с первой недели с сегодняшнего дня; возрастная группа ребёнка ' +
            'меняется вместе с программой. Чужой ребёнок — 404.',
          body: changeProgramBody,
          response: { 200: childProgramResponse, ...errors },
        },
      },
      async (request) => ({
        data: await changeProgram({
          db,
          clock,
          userId: currentFamily(request).id,
          input: request.body,
        }),
      }),
    );

    app.post(
      '/profile/achievements/video',
      {
        onRequest: app.requireMember,
        schema: {
          ...guarded,
          summary: 'Отметить, сколько урока посмотрел ребёнок',
          description:
            'Только для урока, открытого ребёнку сейчас (иначе 403 lesson_closed). Просмотренные секунды ' +
            'только растут и не больше длины урока; урок досмотрен, когда позиция дошла до 90 % длины. ' +
            'В ответе — достижения, полученные этим отчётом. Не чаще 30 раз в минуту на человека.',
          body: videoProgressBody,
          response: { 200: videoProgressResponse, 403: errorBody, 429: errorBody, ...errors },
        },
      },
      async (request, reply) => {
        // Counted per person: a grandmother's offline backlog must not throttle the mother's lesson.
        await limiter.consume(VIDEO_REPORTS_PER_USER, String(currentUser(request).id), reply);
        const userId = currentFamily(request).id;
        return { data: await reportVideo({ db, clock, userId, report: request.body }) };
      },
    );

    app.get(
      '/profile/progress-additional',
      {
        onRequest: app.requireMember,
        schema: {
          ...guarded,
          summary: 'Прогресс ребёнка в дополнительной программе',
          querystring: progressAdditionalQuery,
          response: { 200: additionalProgressResponse, ...errors },
        },
      },
      async (request) => ({
        data: await additionalProgress({
          db,
          clock,
          userId: currentFamily(request).id,
          childId: request.query.child_id,
          additionalProgramId: request.query.additional_program_id,
        }),
      }),
    );

    app.get(
      '/profile/progress',
      {
        onRequest: app.requireMember,
        schema: {
          ...guarded,
          summary: 'Прогресс ребёнка: недели, уроки, минуты, достижения',
          querystring: childProgressQuery,
          response: { 200: childProgressResponse, ...errors },
        },
      },
      async (request) => ({
        data: await childProgress({
          db,
          clock,
          catalogue: deps.publicCache.catalogue,
          userId: currentFamily(request).id,
          childId: request.query.child_id,
        }),
      }),
    );

    app.get(
      '/profile/skipped-weeks',
      {
        onRequest: app.requireMember,
        schema: {
          ...guarded,
          summary: 'Пропущенные недели ребёнка и их цена',
          description:
            'Недели программы ребёнка, которые прошли целиком без подписки и не куплены; цена недели — ' +
            'из каталога программы.',
          querystring: skippedWeeksQuery,
          response: { 200: skippedWeeksResponse, ...errors },
        },
      },
      async (request) => ({
        data: await skippedWeeks({
          db,
          clock,
          userId: currentFamily(request).id,
          childId: request.query.child_id,
        }),
      }),
    );
  };
}
