import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ALREADY_AUTHENTICATED,
  CAPTCHA_ACTIONS,
  loginBody,
  okResponse,
  passwordEmailBody,
  passwordResetBody,
  registerBody,
  registerQuery,
  tokenResponse,
  userTokenBody,
  verificationQuery,
} from '@contract/api/auth';
import { errorBody as errorSchema } from '@contract/api/common';
import type { ModuleDeps } from '../../deps';
import { HttpError, conflict, invalidField } from '../../http/errors';
import { signInCookies } from '../oauth/cookies';
import { currentSession, currentUser, optionalSession } from './guard';
import { requestPasswordReset, resetPassword } from './password-reset';
import { LIMITS, limitPerIp, rateLimiter } from './rate-limit';
import { registerParent, resendConfirmation, verifyEmail } from './registration';
import { exchangeUserToken, login, revokeSession } from './service';
import { marketingParams, referralCode } from './signup-source';

export { LOGIN_ATTEMPTS_PER_MINUTE } from './rate-limit';

export const CAPTCHA_FAILED = 'Не удалось подтвердить, что вы не робот. Попробуйте ещё раз';

const errors = { 401: errorSchema, 409: errorSchema, 422: errorSchema, 429: errorSchema };
const ok = { data: { status: 'ok' as const } };

export function authRoutes(deps: ModuleDeps): FastifyPluginAsyncZod {
  const limiter = rateLimiter(deps);
  const { db, clock } = deps;
  const publicUrl = deps.config.publicUrl;

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
        onRequest: limitPerIp(deps, LIMITS.loginPerIp),
      },
      async (request, reply) => {
        // ARCHITECTURE §4: a signed-in client calling login gets 409; the SPA reloads (SPEC §8).
        if (await optionalSession(request, deps)) throw conflict(ALREADY_AUTHENTICATED);
        const { email, password, captcha_token } = request.body;
        if (!(await deps.captcha.verify(captcha_token, CAPTCHA_ACTIONS.login, request.ip))) {
          throw invalidField('captcha_token', CAPTCHA_FAILED);
        }
        const attempt = await limiter.attempt(LIMITS.loginFailuresPerEmail, email, reply);
        let wrong = false;
        try {
          const token = await login({ db, clock, email, password });
          return { data: { token } };
        } catch (error) {
          wrong = error instanceof HttpError && error.statusCode === 422;
          throw error;
        } finally {
          // Only wrong credentials count against the e-mail.
          if (!wrong) await attempt.forgive();
        }
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
        await revokeSession({ db, sessionId: currentSession(request).sessionId });
        return ok;
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
        onRequest: limitPerIp(deps, LIMITS.usertokenPerIp),
      },
      async (request, reply) => {
        const cookieCode = signInCookies(request, reply, publicUrl).takeUserToken();
        const token = await exchangeUserToken({
          db,
          clock,
          code: request.body.usertoken,
          cookieCode,
        });
        return { data: { token } };
      },
    );

    app.post(
      '/auth/register',
      {
        schema: {
          tags: ['auth'],
          summary: 'Регистрация родителя (со строкой запроса страницы: ref, utm_*)',
          description:
            'Родитель сразу входит, адрес почты не подтверждён; на него уходит письмо со ссылкой ' +
            '/confirmed?verified_token=… (24 часа). Код приглашения — из ?ref= или cookie ref.',
          querystring: registerQuery,
          body: registerBody,
          response: { 201: tokenResponse, ...errors },
        },
        onRequest: limitPerIp(deps, LIMITS.registerPerIp),
      },
      async (request, reply) => {
        if (await optionalSession(request, deps)) throw conflict(ALREADY_AUTHENTICATED);
        const { captcha_token, ...input } = request.body;
        if (!(await deps.captcha.verify(captcha_token, CAPTCHA_ACTIONS.register, request.ip))) {
          throw invalidField('captcha_token', CAPTCHA_FAILED);
        }
        const token = await registerParent({
          db,
          clock,
          publicUrl,
          input,
          origin: { ip: request.ip, userAgent: request.headers['user-agent'] ?? '' },
          referrerCode: referralCode(request.query, request.headers.cookie),
          signupQuery: marketingParams(request.query),
        });
        return reply.status(201).send({ data: { token } });
      },
    );

    app.get(
      '/auth/register/verification',
      {
        schema: {
          tags: ['auth'],
          summary: 'Подтверждение адреса почты по ссылке из письма',
          querystring: verificationQuery,
          response: { 200: okResponse, 422: errorSchema, 429: errorSchema },
        },
        onRequest: limitPerIp(deps, LIMITS.verificationPerIp),
      },
      async (request) => {
        await verifyEmail({ db, clock, token: request.query.verified_token });
        return ok;
      },
    );

    app.post(
      '/auth/resend-verification-link',
      {
        onRequest: app.requireUser,
        schema: {
          tags: ['auth'],
          summary: 'Ещё одно письмо со ссылкой подтверждения',
          security: [{ bearer: [] }],
          response: { 200: okResponse, 401: errorSchema, 409: errorSchema, 429: errorSchema },
        },
      },
      async (request, reply) => {
        const userId = currentUser(request).id;
        await limiter.consume(LIMITS.resendPerUser, String(userId), reply);
        await resendConfirmation({ db, clock, publicUrl, userId });
        return ok;
      },
    );

    app.post(
      '/auth/password/email',
      {
        schema: {
          tags: ['auth'],
          summary: 'Письмо со ссылкой для смены пароля',
          description: 'Ответ один и тот же, есть такой адрес или нет. Ссылка действует 60 минут.',
          body: passwordEmailBody,
          response: { 200: okResponse, 422: errorSchema, 429: errorSchema },
        },
        onRequest: limitPerIp(deps, LIMITS.passwordEmailPerIp),
      },
      async (request, reply) => {
        const { email, captcha_token } = request.body;
        if (
          !(await deps.captcha.verify(captcha_token, CAPTCHA_ACTIONS.passwordEmail, request.ip))
        ) {
          throw invalidField('captcha_token', CAPTCHA_FAILED);
        }
        await limiter.consume(LIMITS.passwordEmailPerEmail, email, reply);
        await requestPasswordReset({ db, clock, publicUrl, email });
        return ok;
      },
    );

    app.post(
      '/auth/password/reset',
      {
        schema: {
          tags: ['auth'],
          summary: 'Новый пароль по ссылке из письма',
          description: 'Все сеансы завершаются; на почту уходит уведомление.',
          body: passwordResetBody,
          response: { 200: okResponse, 422: errorSchema, 429: errorSchema },
        },
        onRequest: limitPerIp(deps, LIMITS.passwordResetPerIp),
      },
      async (request) => {
        await resetPassword({ db, clock, ...request.body });
        return ok;
      },
    );
  };
}
