import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBody } from '@contract/api/common';
import {
  boughtGiftResponse,
  boughtGiftsResponse,
  giftSendBody,
  giftToggleBody,
} from '@contract/api/store';
import type { ModuleDeps } from '../../deps';
import { currentUser } from '../../plugins/auth';
import { rateLimiter, type RateLimit } from '../../plugins/rate-limit';
import { boughtGifts, sendGift, setGiftActive } from './service';

/** Sending mails a stranger's address: a few an hour per parent. */
export const GIFT_SEND_LIMIT = {
  name: 'gift-send-user',
  max: 10,
  windowMs: 60 * 60_000,
} as const satisfies RateLimit;

export function giftRoutes(deps: ModuleDeps): FastifyPluginAsyncZod {
  const { db, clock } = deps;
  const limiter = rateLimiter(deps);
  return async (app) => {
    app.get(
      '/store/gift',
      {
        onRequest: app.requireUser,
        schema: {
          tags: ['store'],
          summary: 'Купленные подарки',
          description:
            'Сертификаты, купленные родителем: код, срок, активирован ли, кому отправлен.',
          security: [{ bearer: [] }],
          response: { 200: boughtGiftsResponse, 401: errorBody },
        },
      },
      async (request) => ({ data: await boughtGifts(db, currentUser(request).id) }),
    );

    app.post(
      '/store/gift/toggle',
      {
        onRequest: app.requireUser,
        schema: {
          tags: ['store'],
          summary: 'Включить или выключить неиспользованный подарок',
          description:
            'Выключенный код нельзя активировать (например, если его потеряли). Чужой — 404.',
          security: [{ bearer: [] }],
          body: giftToggleBody,
          response: {
            200: boughtGiftResponse,
            401: errorBody,
            404: errorBody,
            409: errorBody,
            422: errorBody,
          },
        },
      },
      async (request) => ({
        data: await setGiftActive(db, {
          userId: currentUser(request).id,
          id: request.body.id,
          isActive: request.body.is_active,
          now: clock(),
        }),
      }),
    );

    app.post(
      '/store/web/gift/send',
      {
        onRequest: app.requireUser,
        schema: {
          tags: ['store'],
          summary: 'Отправить подарок на почту',
          description:
            'Письмо с кодом и ссылкой на /gift. Чужой подарок — 404; активированный — 409.',
          security: [{ bearer: [] }],
          body: giftSendBody,
          response: {
            200: boughtGiftResponse,
            401: errorBody,
            404: errorBody,
            409: errorBody,
            422: errorBody,
            429: errorBody,
          },
        },
      },
      async (request, reply) => {
        const userId = currentUser(request).id;
        await limiter.consume(GIFT_SEND_LIMIT, String(userId), reply);
        return {
          data: await sendGift(db, {
            userId,
            id: request.body.id,
            email: request.body.email,
            now: clock(),
          }),
        };
      },
    );
  };
}
