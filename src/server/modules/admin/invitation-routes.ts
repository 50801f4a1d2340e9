import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBody } from '@contract/api/common';
import {
  acceptedInvitationResponse,
  invitationAcceptBody,
  invitationOpenBody,
  openedInvitationResponse,
  staffInvitationBody,
  staffInvitationResponse,
} from '@contract/api/admin-staff';
import type { ModuleDeps } from '../../deps';
import { HttpError } from '../../plugins/errors';
import { limitPerIp, rateLimiter } from '../../plugins/rate-limit';
import { hashPassword } from '../../shared/passwords';
import { LIMITS } from '../auth';
import { sha256 } from '../auth';
import { auditActor } from '../../shared/audit';
import { acceptInvitation, inviteStaff, openInvitation } from './staff-invitations';

/**
 * The administrator's invitation, and the two calls of the page its link opens. The page's calls carry no
 * session: the link's token proves itself, and a signed-in back office in the same browser changes nothing.
 */
export function staffInvitationRoutes(deps: ModuleDeps): FastifyPluginAsyncZod {
  const limiter = rateLimiter(deps);
  return async (app) => {
    app.post(
      '/admin/staff-invitations',
      {
        onRequest: app.requireStaff('staff-accounts'),
        schema: {
          tags: ['admin'],
          summary: 'Пригласить сотрудника: письмо со ссылкой на 24 часа (новое заменяет прежнее)',
          description:
            'Новый адрес получает аккаунт без пароля; существующий аккаунт родителя получает роль, ' +
            'когда примет приглашение, и сохраняет свой пароль. Сотрудника той же роли приглашение ' +
            'заново подключает к приложению-аутентификатору.',
          security: [{ bearer: [] }],
          body: staffInvitationBody,
          response: {
            201: staffInvitationResponse,
            401: errorBody,
            403: errorBody,
            422: errorBody,
            429: errorBody,
          },
        },
      },
      async (request, reply) => {
        const actor = auditActor(request);
        await limiter.consume(LIMITS.staffInvitesPerActor, String(actor.id), reply);
        await limiter.consume(LIMITS.staffInvitesPerEmail, request.body.email, reply);
        const data = await inviteStaff({
          db: deps.db,
          clock: deps.clock,
          publicUrl: deps.config.publicUrl,
          actor,
          invite: request.body,
        });
        request.log.info({ role: data.role }, 'staff invitation sent');
        return reply.code(201).send({ data });
      },
    );

    app.post(
      '/admin/invitation/open',
      {
        onRequest: limitPerIp(deps, LIMITS.invitationPerIp),
        schema: {
          tags: ['admin'],
          summary: 'Страница приглашения: кого пригласили и ключ для приложения-аутентификатора',
          body: invitationOpenBody,
          response: {
            200: openedInvitationResponse,
            403: errorBody,
            422: errorBody,
            429: errorBody,
          },
        },
      },
      async (request) => ({
        data: await openInvitation({ db: deps.db, clock: deps.clock, token: request.body.token }),
      }),
    );

    app.post(
      '/admin/invitation/accept',
      {
        onRequest: limitPerIp(deps, LIMITS.invitationPerIp),
        schema: {
          tags: ['admin'],
          summary: 'Принять приглашение: пароль (если его не было) и код из приложения',
          body: invitationAcceptBody,
          response: {
            200: acceptedInvitationResponse,
            403: errorBody,
            422: errorBody,
            429: errorBody,
          },
        },
      },
      async (request, reply) => {
        const { token, password, code } = request.body;
        // Wrong codes count per link, wherever they come from: a million codes are not walked through.
        const attempt = await limiter.attempt(
          [{ limit: LIMITS.invitationCodeFailures, subject: sha256(token) }],
          reply,
        );
        let wrongCode = false;
        try {
          const data = await acceptInvitation({
            db: deps.db,
            clock: deps.clock,
            token,
            passwordHash: password === undefined ? null : await hashPassword(password),
            code,
            ip: request.ip,
          });
          request.log.info({ role: data.role }, 'staff invitation accepted');
          return { data };
        } catch (error) {
          wrongCode = error instanceof HttpError && error.errors.code !== undefined;
          throw error;
        } finally {
          if (!wrongCode) await attempt.forgive();
        }
      },
    );
  };
}
