import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBody } from '@contract/api/common';
import {
  caregiverAcceptBody,
  caregiverAcceptResponse,
  caregiverIdParams,
  caregiverInviteBody,
  caregiverResponse,
  caregiversResponse,
} from '@contract/api/caregivers';
import { CAREGIVER_INVITATION_DAYS, MAX_CAREGIVERS } from '@contract/api/values';
import type { ModuleDeps } from '../../deps';
import { currentUser } from '../../plugins/auth';
import { rateLimiter, type RateLimit } from '../../plugins/rate-limit';
import { acceptInvitation, inviteCaregiver, listCaregivers, removeCaregiver } from './service';

const HOUR = 60 * 60_000;

/** Each invitation is a mail to someone else's mailbox: a family invites a few people, not a crowd. */
export const CAREGIVER_LIMITS = {
  invite: { name: 'caregiver-invite', max: 10, windowMs: 24 * HOUR },
  accept: { name: 'caregiver-accept', max: 10, windowMs: HOUR },
} as const satisfies Record<string, RateLimit>;

const guarded = { tags: ['family'], security: [{ bearer: [] }] };

export function familiesRoutes(deps: ModuleDeps): FastifyPluginAsyncZod {
  const { db, clock, config } = deps;
  const limiter = rateLimiter(deps);
  return async (app) => {
    app.get(
      '/profile/caregivers',
      {
        onRequest: app.requireUser,
        schema: {
          ...guarded,
          summary: 'Близкие семьи: приглашённые и принявшие приглашение',
          description: 'Только для родителя, который оплачивает занятия (иначе 403 owner_only).',
          response: { 200: caregiversResponse, 401: errorBody, 403: errorBody },
        },
      },
      async (request) => ({
        data: await listCaregivers({ db, clock, ownerId: currentUser(request).id }),
      }),
    );

    app.post(
      '/profile/caregivers',
      {
        onRequest: app.requireUser,
        schema: {
          ...guarded,
          summary: 'Пригласить бабушку, дедушку или няню в семью',
          description:
            `На адрес уходит письмо со ссылкой (действует ${CAREGIVER_INVITATION_DAYS} дней, один раз). ` +
            'Повторное приглашение того же адреса отправляет новую ссылку. ' +
            `Не больше ${MAX_CAREGIVERS} близких вместе с ждущими приглашениями (409 caregivers_full).`,
          body: caregiverInviteBody,
          response: {
            201: caregiverResponse,
            401: errorBody,
            403: errorBody,
            409: errorBody,
            422: errorBody,
            429: errorBody,
          },
        },
      },
      async (request, reply) => {
        const ownerId = currentUser(request).id;
        await limiter.consume(CAREGIVER_LIMITS.invite, String(ownerId), reply);
        const data = await inviteCaregiver({
          db,
          clock,
          publicUrl: config.publicUrl,
          ownerId,
          email: request.body.email,
        });
        return reply.status(201).send({ data });
      },
    );

    app.post(
      '/profile/caregivers/accept',
      {
        onRequest: app.requireMember,
        schema: {
          ...guarded,
          summary: 'Принять приглашение в семью по ссылке из письма',
          description:
            'Вошедший человек становится близким семьи: видит детей, их успехи и уроки. Аккаунт со своими ' +
            'детьми, подпиской или близкими, или уже состоящий в другой семье, получает 409 already_in_family.',
          body: caregiverAcceptBody,
          response: {
            200: caregiverAcceptResponse,
            401: errorBody,
            409: errorBody,
            422: errorBody,
            429: errorBody,
          },
        },
      },
      async (request, reply) => {
        const userId = currentUser(request).id;
        await limiter.consume(CAREGIVER_LIMITS.accept, String(userId), reply);
        return { data: await acceptInvitation({ db, clock, userId, token: request.body.token }) };
      },
    );

    app.delete(
      '/profile/caregivers/:id',
      {
        onRequest: app.requireUser,
        schema: {
          ...guarded,
          summary: 'Убрать близкого из семьи или отозвать приглашение',
          description: 'Доступ к детям и урокам заканчивается сразу. Чужой id — 404.',
          params: caregiverIdParams,
          response: { 204: z.null(), 401: errorBody, 403: errorBody, 404: errorBody },
        },
      },
      async (request, reply) => {
        await removeCaregiver({ db, ownerId: currentUser(request).id, id: request.params.id });
        return reply.status(204).send(null);
      },
    );
  };
}
