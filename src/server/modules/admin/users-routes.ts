// The back office's accounts: the list and one account, closing the way in, a letter for a new password,
// days of subscription given or ended, another role. The rules and the audit records are in
// users-service.ts and subscription-service.ts.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { okResponse } from '@contract/api/auth';
import { errorBody as errorSchema } from '@contract/api/common';
import { idParams } from '@contract/api/admin';
import {
  adminUserResponse,
  adminUsersResponse,
  blockBody,
  extendBody,
  roleBody,
  usersListQuery,
} from '@contract/api/admin-families';
import type { ModuleDeps } from '../../deps';
import { currentSession } from '../../plugins/auth';
import { forbidden } from '../../plugins/errors';
import { auditActor } from '../../shared/audit';
import { endSubscriptionNow, giveSubscriptionDays } from './subscription-service';
import { blockUser, changeRole, getUser, listUsers, sendPasswordReset } from './users-service';

const errors = { 401: errorSchema, 403: errorSchema, 404: errorSchema, 422: errorSchema };
const security = [{ bearer: [] }];

export function usersRoutes(deps: ModuleDeps): FastifyPluginAsyncZod {
  const { db } = deps;
  return async (app) => {
    const guard = app.requireStaff('families');

    app.get(
      '/admin/users',
      {
        onRequest: guard,
        schema: {
          tags: ['admin'],
          summary: 'Аккаунты: поиск по почте, имени, фамилии и телефону',
          security,
          querystring: usersListQuery,
          response: { 200: adminUsersResponse, ...errors },
        },
      },
      async (request) => listUsers(db, request.query, deps.clock()),
    );

    app.get(
      '/admin/users/:id',
      {
        onRequest: guard,
        schema: {
          tags: ['admin'],
          summary: 'Аккаунт: дети и подписка',
          security,
          params: idParams,
          response: { 200: adminUserResponse, ...errors },
        },
      },
      async (request) => ({ data: await getUser(db, request.params.id, deps.clock()) }),
    );

    app.post(
      '/admin/users/:id/block',
      {
        onRequest: guard,
        schema: {
          tags: ['admin'],
          summary: 'Закрыть вход (все сессии заканчиваются) или открыть его снова',
          security,
          params: idParams,
          body: blockBody,
          response: { 200: adminUserResponse, ...errors },
        },
      },
      async (request) => {
        const { user } = currentSession(request);
        const role = user.role;
        if (role === 'parent') throw forbidden();
        const actor = { ...auditActor(request), role };
        const { id } = request.params;
        return { data: await blockUser(db, actor, id, request.body.blocked, deps.clock()) };
      },
    );

    app.post(
      '/admin/users/:id/password-reset',
      {
        onRequest: guard,
        schema: {
          tags: ['admin'],
          summary: 'Отправить письмо для смены пароля на почту аккаунта',
          security,
          params: idParams,
          response: { 200: okResponse, ...errors },
        },
      },
      async (request) => {
        const { user } = currentSession(request);
        const role = user.role;
        if (role === 'parent') throw forbidden();
        const actor = { ...auditActor(request), role };
        await sendPasswordReset(db, actor, request.params.id, deps.clock());
        return { data: { status: 'ok' as const } };
      },
    );

    app.post(
      '/admin/users/:id/subscription/extend',
      {
        onRequest: app.requireStaff('subscriptions'),
        schema: {
          tags: ['admin'],
          summary: 'Подарить семье дни подписки (после уже оплаченных)',
          security,
          params: idParams,
          body: extendBody,
          response: { 200: adminUserResponse, 409: errorSchema, ...errors },
        },
      },
      async (request) => ({
        data: await giveSubscriptionDays(
          db,
          auditActor(request),
          request.params.id,
          request.body.days,
          deps.clock(),
        ),
      }),
    );

    app.post(
      '/admin/users/:id/subscription/end',
      {
        onRequest: app.requireStaff('subscriptions'),
        schema: {
          tags: ['admin'],
          summary:
            'Завершить подписку семьи сейчас (доступ закрывается, автопродление выключается)',
          security,
          params: idParams,
          response: { 200: adminUserResponse, 409: errorSchema, ...errors },
        },
      },
      async (request) => ({
        data: await endSubscriptionNow(db, auditActor(request), request.params.id, deps.clock()),
      }),
    );

    app.put(
      '/admin/users/:id/role',
      {
        onRequest: app.requireStaff('staff-accounts'),
        schema: {
          tags: ['admin'],
          summary: 'Сменить роль (все сессии аккаунта заканчиваются)',
          security,
          params: idParams,
          body: roleBody,
          response: { 200: adminUserResponse, ...errors },
        },
      },
      async (request) => ({
        data: await changeRole(
          db,
          auditActor(request),
          request.params.id,
          request.body.role,
          deps.clock(),
        ),
      }),
    );
  };
}
