import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ALREADY_AUTHENTICATED,
  loginBody,
  okResponse,
  tokenResponse,
  userTokenBody,
} from '@contract/api/auth';
import { errorBody as errorSchema } from '@contract/api/common';
import type { ModuleDeps } from '../../deps';
import { conflict, invalidField } from '../../http/errors';
import { currentSession, optionalSession } from './guard';
import { exchangeUserToken, login, revokeSession } from './service';

const CAPTCHA_FAILED = 'Не удалось подтвердить, что вы не робот. Попробуйте ещё раз';

/** Brute force gets slow: this many attempts per minute from one address. */
export const LOGIN_ATTEMPTS_PER_MINUTE = 20;

const errors = { 401: errorSchema, 409: errorSchema, 422: errorSchema, 429: errorSchema };

export function authRoutes(deps: ModuleDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/auth/login',
      {
        schema: {
          tags: ['auth'],
          summary: 'Вход по почте и паролю',
          body: loginBody,
          response: { 200: tokenResponse, ...errors },
        },
        config: { rateLimit: { max: LOGIN_ATTEMPTS_PER_MINUTE, timeWindow: 60_000 } },
      },
      async (request) => {
        // ARCHITECTURE §4: a signed-in client calling login gets 409; the SPA reloads (SPEC §8).
        if (await optionalSession(request, deps)) throw conflict(ALREADY_AUTHENTICATED);
        const { email, password, captcha_token } = request.body;
        if (!(await deps.captcha.verify(captcha_token, 'login', request.ip))) {
          throw invalidField('captcha_token', CAPTCHA_FAILED);
        }
        const token = await login({ db: deps.db, clock: deps.clock, email, password });
        return { data: { token } };
      },
    );

    app.get(
      '/auth/logout',
      {
        preHandler: app.requireUser,
        schema: {
          tags: ['auth'],
          summary: 'Выход: токен больше не действует',
          security: [{ bearer: [] }],
          response: { 200: okResponse, 401: errorSchema },
        },
      },
      async (request) => {
        await revokeSession({ db: deps.db, sessionId: currentSession(request).sessionId });
        return { data: { status: 'ok' as const } };
      },
    );

    app.post(
      '/auth/usertoken',
      {
        schema: {
          tags: ['auth'],
          summary: 'Обмен одноразового кода из /?usertoken=… на токен',
          body: userTokenBody,
          response: { 200: tokenResponse, 422: errorSchema, 429: errorSchema },
        },
        config: { rateLimit: { max: LOGIN_ATTEMPTS_PER_MINUTE, timeWindow: 60_000 } },
      },
      async (request) => {
        const token = await exchangeUserToken({
          db: deps.db,
          clock: deps.clock,
          code: request.body.usertoken,
        });
        return { data: { token } };
      },
    );
  };
}
