import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
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
import { ERROR_CODES } from '@contract/api/values';
import { errorBody as errorSchema } from '@contract/api/common';
import type { ModuleDeps } from '../../deps';
import {
  CHANGES_DATA_ON_GET,
  currentSession,
  currentUser,
  optionalSession,
} from '../../plugins/auth';
import { readCookie } from '../../plugins/cookies';
import { alreadyAuthenticated, invalidField } from '../../plugins/errors';
import { limitPerIp, rateLimiter } from '../../plugins/rate-limit';
import { signInCookies } from './sign-in-cookies';
import { browserOf } from './browsers';
import { LIMITS } from './limits';
import { loginWithinLimits } from './login-limits';
import { requestPasswordReset, resetPassword } from './password-reset';
import { registerParent, resendConfirmation, verifyEmail } from './registration';
import { exchangeUserToken, revokeSession } from './service';
import { marketingParams, referralCode } from './signup-source';

export { LOGIN_ATTEMPTS_PER_MINUTE } from './limits';

export const CAPTCHA_FAILED = 'Не удалось подтвердить, что вы не робот. Попробуйте ещё раз';

const captchaFailed = () =>
  invalidField('captcha_token', CAPTCHA_FAILED, ERROR_CODES.captchaFailed);

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
        // docs/ARCHITECTURE.md: a signed-in client calling login gets 409; the SPA reloads (docs/ARCHITECTURE.md «Error codes»).
        if (await optionalSession(request, deps)) throw alreadyAuthenticated();
        const { email, password, captcha_token } = request.body;
        if (!(await deps.captcha.verify(captcha_token, CAPTCHA_ACTIONS.login, request.ip))) {
          throw captchaFailed();
        }
        const token = await loginWithinLimits({
          deps,
          request,
          reply,
          email,
          password,
          browser: browserOf(request, reply, publicUrl),
        });
        return { data: { token } };
      },
    );

    app.get(
      '/auth/logout',
      {
        onRequest: app.requireMember,
        ...CHANGES_DATA_ON_GET,
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
          browser: browserOf(request, reply, publicUrl),
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
        if (await optionalSession(request, deps)) throw alreadyAuthenticated();
        const { captcha_token, ...input } = request.body;
        if (!(await deps.captcha.verify(captcha_token, CAPTCHA_ACTIONS.register, request.ip))) {
          throw captchaFailed();
        }
        const token = await registerParent({
          db,
          clock,
          publicUrl,
          input,
          origin: {
            ip: request.ip,
            userAgent: request.headers['user-agent'] ?? '',
            browser: browserOf(request, reply, publicUrl),
          },
          referrerCode: referralCode(request.query, readCookie(request, 'ref')),
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
        onRequest: app.requireMember,
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
          throw captchaFailed();
        }
        await limiter.consume(LIMITS.passwordEmailPerEmail, email, reply);
        await requestPasswordReset({ db, email });
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
