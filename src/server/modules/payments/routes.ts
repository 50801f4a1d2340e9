import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { errorBody } from '@contract/api/common';
import {
  additionalProgramOrderBody,
  callbackQuery,
  callbackResponse,
  childSlotOrderBody,
  getOrderStateBody,
  giftOrderBody,
  orderRegistrationBody,
  orderStateResponse,
  registeredOrderResponse,
  subscriptionOrderBody,
  weeksOrderBody,
  type PurchaseType,
} from '@contract/api/store';
import type { ModuleDeps } from '../../deps';
import { hasValidChecksum } from '../../integrations/sberbank/checksum';
import { currentUser } from '../../plugins/auth';
import { HttpError } from '../../plugins/errors';
import { keyedRecordOf } from '../../plugins/request-keys';
import { limitPerIp, rateLimiter } from '../../plugins/rate-limit';
import { acceptForms } from '../../shared/form';
import { PAYMENT_LIMITS } from './limits';
import { orderStateFor, settleFromCallback } from './order-state';
import { registerOrder, type RegisterInput } from './register-order';
import { createWeeksPurchase } from './weeks-purchase';

const REGISTER_ERRORS = {
  401: errorBody,
  404: errorBody,
  409: errorBody,
  422: errorBody,
  429: errorBody,
  503: errorBody,
};

export const BAD_CHECKSUM = 'Подпись уведомления не сошлась';

export function paymentRoutes(deps: ModuleDeps): FastifyPluginAsyncZod {
  const { db, clock, config } = deps;
  const limiter = rateLimiter(deps);
  return async (app) => {
    acceptForms(app);

    /** One register/* route: the purchase types it takes and how its body maps to a registration. */
    function registerRoute<B extends z.ZodType>(
      path: string,
      summary: string,
      body: B,
      toInput: (body: z.infer<B>, userId: number) => Promise<RegisterInput> | RegisterInput,
    ) {
      app.post(
        `/payments/sberbank/${path}`,
        {
          onRequest: app.requireUser,
          schema: {
            tags: ['payments'],
            summary,
            description:
              'Регистрирует заказ в банке и возвращает order_id (orderId банка) и form_url — страницу ' +
              'оплаты. Сумма берётся из покупки на сервере. 503 — банк не ответил или отказал; деньги не ' +
              'списаны.',
            security: [{ bearer: [] }],
            body,
            response: { 200: registeredOrderResponse, ...REGISTER_ERRORS },
          },
        },
        async (request, reply) => {
          const userId = currentUser(request).id;
          await limiter.consume(PAYMENT_LIMITS.registerPerUser, String(userId), reply);
          const input = await toInput(request.body as z.infer<B>, userId);
          const data = await registerOrder({ db, config, now: clock(), log: request.log }, input);
          return { data };
        },
      );
    }

    const only = (type: PurchaseType) => [type] as const;

    registerRoute(
      'register/subscription-order',
      'Оплатить подписку',
      subscriptionOrderBody,
      (body, userId) => ({
        userId,
        purchaseId: body.purchase_id,
        types: only('subscription'),
        promoId: body.promo_id,
        recurrent: body.recurrent,
      }),
    );
    registerRoute('register/gift-order', 'Оплатить подарок', giftOrderBody, (body, userId) => ({
      userId,
      purchaseId: body.purchase_id,
      types: only('gift'),
      promoId: body.promo_id,
    }));
    registerRoute(
      'register/child-slot-order',
      'Оплатить место для ещё одного ребёнка',
      childSlotOrderBody,
      (body, userId) => ({ userId, purchaseId: body.purchase_id, types: only('child-slot') }),
    );
    registerRoute(
      'register/additional-program-order',
      'Оплатить дополнительную программу',
      additionalProgramOrderBody,
      (body, userId) => ({
        userId,
        purchaseId: body.purchase_id,
        types: only('additional-program'),
        promoId: body.promo_id,
        childIds: body.childIds,
      }),
    );
    registerRoute(
      'register/weeks-order',
      'Оплатить пропущенные недели',
      weeksOrderBody,
      async (body, userId) => ({
        userId,
        purchaseId: await createWeeksPurchase({
          db,
          clock,
          userId,
          childId: body.child_id,
          weekIds: body.weeks,
        }),
        types: only('weeks'),
      }),
    );
    registerRoute(
      'order-registration',
      'Оплатить начатую покупку любого вида',
      orderRegistrationBody,
      (body, userId) => ({
        userId,
        purchaseId: body.purchase_id,
        types: ['subscription', 'gift', 'child-slot', 'additional-program', 'weeks'],
        promoId: body.promo_id,
        recurrent: body.recurrent,
        childIds: body.childIds,
      }),
    );

    app.post(
      '/payments/sberbank/get-order-state',
      {
        onRequest: app.requireUser,
        schema: {
          tags: ['payments'],
          summary: 'Чем закончилась оплата',
          description:
            'order_id — orderId банка из адреса возврата. Сервер спрашивает банк (возврат со страницы ' +
            'оплаты ничего не доказывает) и, если платёж прошёл, сразу выдаёт покупку. Чужой заказ — 404.',
          security: [{ bearer: [] }],
          body: getOrderStateBody,
          response: {
            200: orderStateResponse,
            401: errorBody,
            404: errorBody,
            422: errorBody,
            429: errorBody,
          },
        },
      },
      async (request, reply) => {
        const userId = currentUser(request).id;
        await limiter.consume(PAYMENT_LIMITS.orderStatePerUser, String(userId), reply);
        const data = await orderStateFor(
          { db, config, now: clock(), log: request.log },
          userId,
          request.body.order_id,
        );
        return { data };
      },
    );

    for (const method of ['GET', 'POST'] as const) {
      app.route({
        method,
        url: '/payments/sberbank/callback',
        onRequest: limitPerIp(deps, PAYMENT_LIMITS.callbackPerIp),
        schema: {
          tags: ['payments'],
          summary: 'Уведомление банка о заказе',
          description:
            'Параметры по контракту банка (mdOrder, orderNumber, operation, status, checksum). ' +
            'Подпись HMAC-SHA256 проверяется; затем сервер сам спрашивает банк о заказе. 403 — подпись ' +
            'не сошлась, ничего не меняется.',
          ...(method === 'GET' ? { querystring: callbackQuery } : { body: callbackQuery }),
          response: { 200: callbackResponse, 403: errorBody, 422: errorBody, 429: errorBody },
        },
        handler: async (request) => {
          // The names are the caller's: a copy without a prototype, so that `checksum` or `mdOrder`
          // missing never reads an inherited `constructor` or `toString` instead.
          const params = keyedRecordOf(
            Object.entries(
              (method === 'GET' ? request.query : request.body) as Record<string, string>,
            ),
          );
          if (!hasValidChecksum(params, config.sberbank.callbackKey)) {
            request.log.warn('a payment callback with a wrong checksum');
            throw new HttpError(403, BAD_CHECKSUM);
          }
          await settleFromCallback({ db, config, now: clock(), log: request.log }, params);
          return { data: { received: true } };
        },
      });
    }
  };
}
