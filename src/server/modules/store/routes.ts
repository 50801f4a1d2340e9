import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBody } from '@contract/api/common';
import { CHILD_SLOT_PRICE } from '@contract/api/store-values';
import {
  childSlotsResponse,
  paymentHistoryResponse,
  promocodeBody,
  promocodeResponse,
  purchaseInitializationBody,
  purchaseResponse,
} from '@contract/api/store';
import type { ModuleDeps } from '../../deps';
import { currentUser, optionalSession } from '../../plugins/auth';
import { HttpError } from '../../plugins/errors';
import { limitPerIp, rateLimiter } from '../../plugins/rate-limit';
import { clientAddressKey } from '../../plugins/client-address';
import { childSlots } from '../children';
import { paymentHistory } from './history';
import { STORE_LIMITS } from './limits';
import { checkPromocode } from './promocode';
import { initializePurchase } from './purchases';

export function storeRoutes(deps: ModuleDeps): FastifyPluginAsyncZod {
  const { db, clock } = deps;
  const limiter = rateLimiter(deps);
  return async (app) => {
    app.post(
      '/store/purchase-initialization',
      {
        onRequest: app.requireUser,
        schema: {
          tags: ['store'],
          summary: 'Начать покупку: цена считается на сервере',
          description:
            'ids — тариф (subscription, gift) или предложение дополнительной программы ' +
            '(additional-program); для child-slot — пустой список. С purchase_id неоплаченная покупка ' +
            'выбирается заново. Сумма приходит только от сервера.',
          security: [{ bearer: [] }],
          body: purchaseInitializationBody,
          response: {
            200: purchaseResponse,
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
        await limiter.consume(STORE_LIMITS.purchasePerUser, String(userId), reply);
        const data = await initializePurchase({
          db,
          now: clock(),
          userId,
          type: request.body.type,
          ids: request.body.ids,
          purchaseId: request.body.purchase_id ?? null,
        });
        return { data };
      },
    );

    app.post(
      '/store/web/promocode',
      {
        onRequest: limitPerIp(deps, STORE_LIMITS.promocodePerIp),
        schema: {
          tags: ['store'],
          summary: 'Проверить промокод',
          description:
            'Регистр букв не важен. С purchase_id (своя покупка) или type + ids (тариф, который гость ' +
            'ещё выбирает) ответ содержит скидку и итог. Неверные коды ограничены по адресу и по родителю.',
          body: promocodeBody,
          response: {
            200: promocodeResponse,
            404: errorBody,
            422: errorBody,
            429: errorBody,
          },
        },
      },
      async (request, reply) => {
        const session = await optionalSession(request, deps);
        const userId = session?.user.id ?? null;
        const attempt = await limiter.attempt(
          [
            { limit: STORE_LIMITS.promocodeFailuresPerIp, subject: clientAddressKey(request.ip) },
            ...(userId === null
              ? []
              : [{ limit: STORE_LIMITS.promocodeFailuresPerUser, subject: String(userId) }]),
          ],
          reply,
        );
        try {
          const data = await checkPromocode({ db, now: clock(), userId, body: request.body });
          await attempt.forgive();
          return { data };
        } catch (error) {
          // Only a wrong code counts as a guess; a tariff no longer on sale is not one.
          if (!(error instanceof HttpError && error.errors.code !== undefined)) {
            await attempt.forgive();
          }
          throw error;
        }
      },
    );

    app.get(
      '/store/slot-purchases',
      {
        onRequest: app.requireUser,
        schema: {
          tags: ['store'],
          summary: 'Места для детей',
          description:
            'Сколько детей может быть в семье: amount_children действующей подписки (не меньше одного) ' +
            'плюс купленные места; сколько занято и сколько стоит ещё одно.',
          security: [{ bearer: [] }],
          response: { 200: childSlotsResponse, 401: errorBody },
        },
      },
      async (request) => ({
        data: {
          ...(await childSlots(db, currentUser(request).id, clock())),
          price: CHILD_SLOT_PRICE,
        },
      }),
    );

    app.get(
      '/store/payments',
      {
        onRequest: app.requireUser,
        schema: {
          tags: ['store'],
          summary: 'История платежей',
          description: 'Заказы родителя, дошедшие до банка, новые сверху (последние 50).',
          security: [{ bearer: [] }],
          response: { 200: paymentHistoryResponse, 401: errorBody },
        },
      },
      async (request) => ({ data: await paymentHistory(db, currentUser(request).id) }),
    );
  };
}
