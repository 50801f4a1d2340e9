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
import { requestPasswordReset } from '../auth/password-reset';
import { endSubscription } from '../renewals/service';
import { extendSubscription } from './subscription-service';
import { auditActor, recordAudit } from './audit';
import { getUser, listUsers, requireRightsOver, setBlocked, setRole } from './users-service';

/** Families are the administrator's and support's; roles only the administrator's. */
const FAMILY_STAFF = ['admin', 'support'] as const;
const errors = { 401: errorSchema, 403: errorSchema, 404: errorSchema, 422: errorSchema };
const security = [{ bearer: [] }];

export function usersRoutes(deps: ModuleDeps): FastifyPluginAsyncZod {
  const { db } = deps;
  return async (app) => {
    const guard = app.requireStaff(FAMILY_STAFF);

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
        const now = deps.clock();
        await db.transaction(async (tx) => {
          await setBlocked(tx, { id: user.id, role }, request.params.id, request.body.blocked, now);
          await recordAudit(tx, auditActor(request), {
            action: request.body.blocked ? 'block' : 'unblock',
            resource: 'users',
            recordId: request.params.id,
          });
        });
        return { data: await getUser(db, request.params.id, now) };
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
        const actorRole = user.role;
        if (actorRole === 'parent') throw forbidden();
        const now = deps.clock();
        const target = await getUser(db, request.params.id, now);
        await requireRightsOver(db, { role: actorRole }, target.id);
        await db.transaction(async (tx) => {
          await requestPasswordReset({ db: tx, email: target.email });
          await recordAudit(tx, auditActor(request), {
            action: 'password-reset',
            resource: 'users',
            recordId: target.id,
          });
        });
        return { data: { status: 'ok' as const } };
      },
    );

    app.post(
      '/admin/users/:id/subscription/extend',
      {
        onRequest: app.requireStaff(['admin']),
        schema: {
          tags: ['admin'],
          summary: 'Подарить семье дни подписки (после уже оплаченных)',
          security,
          params: idParams,
          body: extendBody,
          response: { 200: adminUserResponse, 409: errorSchema, ...errors },
        },
      },
      async (request) => {
        const now = deps.clock();
        const target = await getUser(db, request.params.id, now);
        await db.transaction(async (tx) => {
          const { until } = await extendSubscription(tx, target.id, request.body.days, now);
          await recordAudit(tx, auditActor(request), {
            action: 'extend',
            resource: 'subscriptions',
            recordId: target.id,
            summary: { days: request.body.days, until: until.toISOString() },
          });
        });
        return { data: await getUser(db, target.id, now) };
      },
    );

    app.post(
      '/admin/users/:id/subscription/end',
      {
        onRequest: app.requireStaff(['admin']),
        schema: {
          tags: ['admin'],
          summary:
            'Завершить подписку семьи сейчас (доступ закрывается, автопродление выключается)',
          security,
          params: idParams,
          response: { 200: adminUserResponse, 409: errorSchema, ...errors },
        },
      },
      async (request) => {
        const now = deps.clock();
        const target = await getUser(db, request.params.id, now);
        await db.transaction(async (tx) => {
          await endSubscription(tx, target.id, now);
          await recordAudit(tx, auditActor(request), {
            action: 'end',
            resource: 'subscriptions',
            recordId: target.id,
          });
        });
        return { data: await getUser(db, target.id, now) };
      },
    );

    app.put(
      '/admin/users/:id/role',
      {
        onRequest: app.requireStaff(['admin']),
        schema: {
          tags: ['admin'],
          summary: 'Сменить роль (все сессии аккаунта заканчиваются)',
          security,
          params: idParams,
          body: roleBody,
          response: { 200: adminUserResponse, ...errors },
        },
      },
      async (request) => {
        const actor = auditActor(request);
        const now = deps.clock();
        await db.transaction(async (tx) => {
          const { from } = await setRole(tx, actor.id, request.params.id, request.body.role, now);
          await recordAudit(tx, actor, {
            action: 'role',
            resource: 'users',
            recordId: request.params.id,
            summary: { from, to: request.body.role },
          });
        });
        return { data: await getUser(db, request.params.id, now) };
      },
    );
  };
}
