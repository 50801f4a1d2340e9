import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBody } from '@contract/api/common';
import {
  staffIdentityResponse,
  staffLoginBody,
  staffLoginResponse,
  type StaffLoginResult,
} from '@contract/api/admin';
import type { ModuleDeps } from '../../deps';
import { currentSession, optionalSession } from '../../plugins/auth';
import { HttpError, alreadyAuthenticated, forbidden } from '../../plugins/errors';
import { limitPerIp, rateLimiter } from '../../plugins/rate-limit';
import { LIMITS } from '../auth';
import { loginWithinLimits } from '../auth';
import { fromServerMachine } from './first-admin-setup';
import { staffLogin, staffName } from './staff-login';

export function adminAuthRoutes(deps: ModuleDeps): FastifyPluginAsyncZod {
  const limiter = rateLimiter(deps);
  return async (app) => {
    app.post(
      '/admin/auth/login',
      {
        onRequest: limitPerIp(deps, LIMITS.loginPerIp),
        schema: {
          tags: ['admin'],
          summary: 'Вход сотрудника: пароль и код из приложения-аутентификатора',
          description:
            'Вне демо-режима (и у каждого аккаунта с подключённым приложением) нужен второй фактор ' +
            '(TOTP). Сотрудник подключает его по приглашению; без него вход отвечает 403 ' +
            'second_factor_not_enrolled. Только первый администратор (ADMIN_EMAIL) подключает его при ' +
            'первом входе — с самого сервера или с кодом из терминала (setup_code): вход отдаёт секрет ' +
            '(totp_setup), следующий вход с кодом включает фактор.',
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
        const { email, password, code, setup_code: setupCode } = request.body;
        // Codes are counted apart from passwords: a known browser or address does not lift this count.
        const codeAttempt =
          code === undefined && setupCode === undefined
            ? null
            : await limiter.attempt(
                [
                  {
                    limit: LIMITS.staffCodeFailuresPerAccount,
                    subject: email.trim().toLowerCase(),
                  },
                ],
                reply,
              );
        let wrongCode = false;
        let result: StaffLoginResult;
        try {
          result = await loginWithinLimits({
            deps,
            request,
            reply,
            email,
            password,
            // The back office's form has no captcha: the stricter account-wide count applies.
            captchaChecked: false,
            signIn: (address, secret) =>
              staffLogin({
                db: deps.db,
                clock: deps.clock,
                requireTotp: deps.config.admin.requireTotp,
                email: address,
                password: secret,
                code,
                firstAdmin: {
                  email: deps.config.admin.email,
                  atServer: fromServerMachine(request, deps.config),
                  setupCode: deps.setupCode,
                  given: setupCode,
                },
              }),
          });
        } catch (error) {
          wrongCode =
            error instanceof HttpError &&
            (error.errors.code !== undefined || error.errors.setup_code !== undefined);
          throw error;
        } finally {
          if (!wrongCode) await codeAttempt?.forgive();
        }
        if (result.token) request.log.info({ staff: true }, 'staff signed in');
        return { data: result };
      },
    );

    app.get(
      '/admin/auth/me',
      {
        onRequest: app.requireStaff('session'),
        schema: {
          tags: ['admin'],
          summary: 'Кто вошёл в админку',
          security: [{ bearer: [] }],
          response: { 200: staffIdentityResponse, 401: errorBody, 403: errorBody },
        },
      },
      async (request) => {
        const { user } = currentSession(request);
        if (user.role === 'parent') throw forbidden();
        const name = await staffName(deps.db, user.id);
        return { data: { id: user.id, email: user.email, name, role: user.role } };
      },
    );
  };
}
