import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBody } from '@contract/api/common';
import {
  UNSUBSCRIBE_REASON_TITLES,
  enableRenewalBody,
  okResponse,
  pauseBody,
  renewalStateResponse,
  unsubscribeBody,
  unsubscribeReasonsResponse,
  unsubscribeStatisticsBody,
} from '@contract/api/renewals';
import type { ModuleDeps } from '../../deps';
import { currentUser } from '../../plugins/auth';
import { rateLimiter, type RateLimit } from '../../plugins/rate-limit';
import { resumePause, startPause } from './pauses';
import {
  enableRenewal,
  endSubscription,
  removeCard,
  renewalState,
  saveFeedback,
  unsubscribe,
} from './service';

/** Feedback is free text: a parent has no reason to send it more than a few times an hour. */
export const FEEDBACK_LIMIT = {
  name: 'unsubscribe-feedback-user',
  max: 5,
  windowMs: 60 * 60_000,
} as const satisfies RateLimit;

const security = [{ bearer: [] }];

export function renewalRoutes(deps: ModuleDeps): FastifyPluginAsyncZod {
  const { db, clock, config } = deps;
  const limiter = rateLimiter(deps);
  const state = { 200: renewalStateResponse, 401: errorBody, 409: errorBody, 422: errorBody };
  return async (app) => {
    app.get(
      '/store/renewal',
      {
        onRequest: app.requireUser,
        schema: {
          tags: ['store'],
          summary: 'Автопродление: дата и сумма списания, карта, каникулы',
          security,
          response: { 200: renewalStateResponse, 401: errorBody },
        },
      },
      async (request) => ({ data: await renewalState(db, currentUser(request).id, clock()) }),
    );

    app.post(
      '/store/renewal/enable',
      {
        onRequest: app.requireUser,
        schema: {
          tags: ['store'],
          summary: 'Включить автопродление снова — с новым согласием, на сохранённую карту',
          description:
            'Нужна сохранённая карта и оплаченное время; иначе 409, и согласие даётся при оплате.',
          security,
          body: enableRenewalBody,
          response: state,
        },
      },
      async (request) => ({ data: await enableRenewal(db, currentUser(request).id, clock()) }),
    );

    app.post(
      '/store/card/remove',
      {
        onRequest: app.requireUser,
        schema: {
          tags: ['store'],
          summary: 'Удалить сохранённую карту (и в банке); автопродление выключается',
          security,
          response: { 200: renewalStateResponse, 401: errorBody, 503: errorBody },
        },
      },
      async (request) => ({
        data: await removeCard({ db, config, log: request.log }, currentUser(request).id, clock()),
      }),
    );

    app.post(
      '/profile/unsubscribe',
      {
        onRequest: app.requireUser,
        schema: {
          tags: ['profile'],
          summary: 'Отключить автопродление в один клик; оплаченные дни остаются',
          security,
          body: unsubscribeBody,
          response: state,
        },
      },
      async (request) => ({
        data: await unsubscribe(db, {
          userId: currentUser(request).id,
          reason: request.body?.reason,
          comment: request.body?.comment,
          now: clock(),
        }),
      }),
    );

    app.get(
      '/profile/unsubscribe/reason',
      {
        onRequest: app.requireUser,
        schema: {
          tags: ['profile'],
          summary: 'Причины отказа от автопродления',
          security,
          response: { 200: unsubscribeReasonsResponse, 401: errorBody },
        },
      },
      async () => ({
        data: Object.entries(UNSUBSCRIBE_REASON_TITLES).map(([code, title]) => ({ code, title })),
      }),
    );

    app.post(
      '/profile/unsubscribe/statistics',
      {
        onRequest: app.requireUser,
        schema: {
          tags: ['profile'],
          summary: 'Почему отказались от автопродления',
          security,
          body: unsubscribeStatisticsBody,
          response: { 200: okResponse, 401: errorBody, 422: errorBody, 429: errorBody },
        },
      },
      async (request, reply) => {
        const userId = currentUser(request).id;
        await limiter.consume(FEEDBACK_LIMIT, String(userId), reply);
        await saveFeedback(db, { userId, ...request.body });
        return { data: { ok: true as const } };
      },
    );

    app.post(
      '/profile/end-subscription',
      {
        onRequest: app.requireUser,
        schema: {
          tags: ['profile'],
          summary: 'Завершить подписку сейчас: доступ закрывается, автопродление выключается',
          security,
          response: state,
        },
      },
      async (request) => ({ data: await endSubscription(db, currentUser(request).id, clock()) }),
    );

    app.post(
      '/profile/pause',
      {
        onRequest: app.requireUser,
        schema: {
          tags: ['profile'],
          summary: 'Каникулы на 1–4 недели: дни подписки и списание сдвигаются',
          description: 'Не больше 2 раз и 6 недель за 365 дней; уроки на каникулах закрыты.',
          security,
          body: pauseBody,
          response: state,
        },
      },
      async (request) => {
        const userId = currentUser(request).id;
        const now = clock();
        await startPause(db, { userId, weeks: request.body.weeks, now });
        return { data: await renewalState(db, userId, now) };
      },
    );

    app.post(
      '/profile/pause/resume',
      {
        onRequest: app.requireUser,
        schema: {
          tags: ['profile'],
          summary: 'Закончить каникулы сегодня',
          security,
          response: state,
        },
      },
      async (request) => {
        const userId = currentUser(request).id;
        const now = clock();
        await resumePause(db, { userId, now });
        return { data: await renewalState(db, userId, now) };
      },
    );
  };
}
