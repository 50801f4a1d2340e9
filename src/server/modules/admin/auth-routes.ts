import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { eq } from 'drizzle-orm';
import { STAFF_ROLES } from '@contract/api/auth';
import { errorBody } from '@contract/api/common';
import { staffIdentityResponse, staffLoginBody, staffLoginResponse } from '@contract/api/admin';
import { users } from '../../db/schema/index';
import type { ModuleDeps } from '../../deps';
import { currentSession, optionalSession } from '../../plugins/auth';
import { alreadyAuthenticated, forbidden } from '../../plugins/errors';
import { limitPerIp } from '../../plugins/rate-limit';
import { LIMITS } from '../auth/limits';
import { loginWithinLimits } from '../auth/login-limits';
import { staffLogin } from './staff-login';

export function adminAuthRoutes(deps: ModuleDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/admin/auth/login',
      {
        onRequest: limitPerIp(deps, LIMITS.loginPerIp),
        schema: {
          tags: ['admin'],
          summary: 'Вход сотрудника: пароль и код из приложения-аутентификатора',
          description:
            'Вне демо-режима нужен второй фактор (TOTP). У аккаунта без него первый вход отдаёт ' +
            'секрет для приложения (totp_setup), следующий вход с кодом включает фактор.',
          body: staffLoginBody,
          response: {
            200: staffLoginResponse,
            403: errorBody,
            409: errorBody,
            422: errorBody,
            429: errorBody,
          },
        },
      },
      async (request, reply) => {
        if (await optionalSession(request, deps)) throw alreadyAuthenticated();
        const { email, password, code } = request.body;
        const result = await loginWithinLimits({
          deps,
          request,
          reply,
          email,
          password,
          signIn: (address, secret) =>
            staffLogin({
              db: deps.db,
              clock: deps.clock,
              requireTotp: deps.config.admin.requireTotp,
              email: address,
              password: secret,
              code,
            }),
        });
        if (result.token) request.log.info({ staff: true }, 'staff signed in');
        return { data: result };
      },
    );

    app.get(
      '/admin/auth/me',
      {
        onRequest: app.requireStaff(STAFF_ROLES),
        schema: {
          tags: ['admin'],
          summary: 'Кто вошёл в админку',
          security: [{ bearer: [] }],
          response: { 200: staffIdentityResponse, 401: errorBody, 403: errorBody },
        },
      },
      async (request) => {
        const { user } = currentSession(request);
        const [row] = await deps.db
          .select({ name: users.name })
          .from(users)
          .where(eq(users.id, user.id));
        if (user.role === 'parent') throw forbidden();
        return { data: { id: user.id, email: user.email, name: row?.name ?? '', role: user.role } };
      },
    );
  };
}
