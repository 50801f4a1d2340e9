import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBody } from '@contract/api/common';
import { activateSubscriptionBody, familySubscriptionResponse } from '@contract/api/subscriptions';
import type { ModuleDeps } from '../../deps';
import { currentUser } from '../../plugins/auth';
import { activateTrial } from './service';

export function subscriptionRoutes(deps: ModuleDeps): FastifyPluginAsyncZod {
  const { db, clock } = deps;
  return async (app) => {
    app.post(
      '/store/subscription/activate',
      {
        onRequest: app.requireUser,
        schema: {
          tags: ['store'],
          summary: 'Активировать пробную неделю',
          description:
            'Бесплатный тариф: 7 дней, один раз на семью, без карты; сам в платный не превращается. ' +
            '409 trial_used — пробная неделя уже была; 409 subscription_active — подписка уже действует.',
          security: [{ bearer: [] }],
          body: activateSubscriptionBody,
          response: {
            201: familySubscriptionResponse,
            401: errorBody,
            409: errorBody,
            422: errorBody,
          },
        },
      },
      async (request, reply) => {
        const data = await activateTrial({
          db,
          clock,
          userId: currentUser(request).id,
          tariffId: request.body.subscription_id,
        });
        return reply.status(201).send({ data });
      },
    );
  };
}
