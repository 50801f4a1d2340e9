import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBody } from '@contract/api/common';
import { referralResponse } from '@contract/api/referrals';
import {
  REFERRAL_MAX_PER_YEAR,
  REFERRAL_REWARD_DAYS,
  REFERRAL_TRIAL_DAYS,
} from '@contract/api/values';
import type { ModuleDeps } from '../../deps';
import { currentUser } from '../../plugins/auth';
import { referralOf } from './service';

export function referralRoutes(deps: ModuleDeps): FastifyPluginAsyncZod {
  const { db, config } = deps;
  return async (app) => {
    app.get(
      '/profile/referral',
      {
        onRequest: app.requireUser,
        schema: {
          tags: ['family'],
          security: [{ bearer: [] }],
          summary: 'Ссылка «Пригласить друга»: код, ссылка, кого она привела и что дала',
          description:
            `Семья, пришедшая по ссылке, получает ${REFERRAL_TRIAL_DAYS} дней пробного периода; когда она ` +
            `впервые оплатит заказ, пригласившему добавляется ${REFERRAL_REWARD_DAYS} дней подписки ` +
            `(не больше ${REFERRAL_MAX_PER_YEAR} раз в год). Только для родителя, который оплачивает ` +
            'занятия (иначе 403 owner_only). Адреса приглашённых скрыты.',
          response: { 200: referralResponse, 401: errorBody, 403: errorBody },
        },
      },
      async (request) => ({
        data: await referralOf(db, {
          userId: currentUser(request).id,
          publicUrl: config.publicUrl,
        }),
      }),
    );
  };
}
