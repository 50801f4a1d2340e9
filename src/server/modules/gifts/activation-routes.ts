// The one route that starts a subscription without a payment — a trial week or a gift certificate — lives
// with gifts: gifts already build on subscriptions, so this is the side that may know both.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBody } from '@contract/api/common';
import { activateSubscriptionBody, familySubscriptionResponse } from '@contract/api/subscriptions';
import type { ModuleDeps } from '../../deps';
import { currentUser } from '../../plugins/auth';
import { clientAddressKey } from '../../plugins/client-address';
import { HttpError } from '../../plugins/errors';
import { rateLimiter, type RateLimit } from '../../plugins/rate-limit';
import { activateCertificate } from './service';
import { referralTrialDays } from '../referrals';
import { activateTrial } from '../subscriptions';

const MINUTE = 60_000;

/** Certificate codes cannot be guessed in practice; wrong ones are still held back per address and parent. */
export const CERTIFICATE_LIMITS = {
  failuresPerIp: { name: 'certificate-fail-ip', max: 10, windowMs: 15 * MINUTE },
  failuresPerUser: { name: 'certificate-fail-user', max: 10, windowMs: 15 * MINUTE },
} as const satisfies Record<string, RateLimit>;

export function subscriptionRoutes(deps: ModuleDeps): FastifyPluginAsyncZod {
  const { db, clock } = deps;
  const limiter = rateLimiter(deps);
  return async (app) => {
    app.post(
      '/store/subscription/activate',
      {
        onRequest: app.requireUser,
        schema: {
          tags: ['store'],
          summary: 'Активировать пробную неделю или подарочный сертификат',
          description:
            '{subscription_id} — бесплатный тариф: 7 дней (14 — семье, пришедшей по ссылке друга), один раз на семью, без карты; сам в платный ' +
            'не превращается (409 trial_used — пробная неделя уже была; 409 subscription_active — ' +
            'подписка уже действует). {code} — подарочный сертификат: одноразовый, его месяцы идут ' +
            'после уже оплаченных; неверные коды ограничены по адресу и по родителю.',
          security: [{ bearer: [] }],
          body: activateSubscriptionBody,
          response: {
            201: familySubscriptionResponse,
            401: errorBody,
            409: errorBody,
            422: errorBody,
            429: errorBody,
          },
        },
      },
      async (request, reply) => {
        const userId = currentUser(request).id;
        const { subscription_id: tariffId, code } = request.body;
        if (code !== undefined) {
          const attempt = await limiter.attempt(
            [
              { limit: CERTIFICATE_LIMITS.failuresPerIp, subject: clientAddressKey(request.ip) },
              { limit: CERTIFICATE_LIMITS.failuresPerUser, subject: String(userId) },
            ],
            reply,
          );
          try {
            const data = await activateCertificate(db, { userId, code, now: clock() });
            await attempt.forgive();
            return reply.status(201).send({ data });
          } catch (error) {
            if (!(error instanceof HttpError && error.errors.code !== undefined)) {
              await attempt.forgive();
            }
            throw error;
          }
        }
        if (tariffId === undefined) throw new HttpError(422);
        const atLeastDays = await referralTrialDays(db, userId);
        const data = await activateTrial({ db, clock, userId, tariffId, atLeastDays });
        return reply.status(201).send({ data });
      },
    );
  };
}
