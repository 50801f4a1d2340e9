// The consent step of a social sign-up over HTTP (./signup.ts). Each call finds the pending sign-up by
// the HttpOnly cookie the provider's callback set in this browser; none takes it from the page.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { okResponse, tokenResponse } from '@contract/api/auth';
import { errorBody } from '@contract/api/common';
import { socialSignupBody, socialSignupResponse } from '@contract/api/oauth';
import type { ModuleDeps } from '../../deps';
import { readCookie } from '../../plugins/cookies';
import { optionalSession } from '../../plugins/auth';
import { alreadyAuthenticated } from '../../plugins/errors';
import { limitPerIp, type RateLimit } from '../../plugins/rate-limit';
import { referralCode } from '../auth';
import { browserOf, signInCookies } from '../auth';
import { acceptPendingSignup, cancelPendingSignup, showPendingSignup } from './signup';

const SIGNUP_PER_IP = {
  name: 'social-signup-ip',
  max: 30,
  windowMs: 60_000,
} as const satisfies RateLimit;

const ok = { data: { status: 'ok' as const } };

export function socialSignupRoutes(deps: ModuleDeps): FastifyPluginAsyncZod {
  const { db, clock, config } = deps;
  const limit = limitPerIp(deps, SIGNUP_PER_IP);

  return async (app) => {
    app.get(
      '/auth/social-signup',
      {
        schema: {
          tags: ['auth'],
          summary: 'Регистрация через соцсеть: кто присоединяется (до согласия аккаунта нет)',
          response: { 200: socialSignupResponse, 422: errorBody, 429: errorBody },
        },
        onRequest: limit,
      },
      async (request, reply) => {
        const token = signInCookies(request, reply, config.publicUrl).signup();
        return { data: await showPendingSignup({ db, clock, token }) };
      },
    );

    app.post(
      '/auth/social-signup',
      {
        schema: {
          tags: ['auth'],
          summary: 'Регистрация через соцсеть: согласие дано — аккаунт создаётся, родитель входит',
          description:
            'Согласие на обработку персональных данных обязательно, на рассылку — по желанию; ' +
            'сохраняются так же, как при регистрации по почте.',
          body: socialSignupBody,
          response: { 201: tokenResponse, 409: errorBody, 422: errorBody, 429: errorBody },
        },
        onRequest: limit,
      },
      async (request, reply) => {
        if (await optionalSession(request, deps)) throw alreadyAuthenticated();
        const cookies = signInCookies(request, reply, config.publicUrl);
        const token = await acceptPendingSignup({
          db,
          clock,
          token: cookies.signup(),
          consentMailing: request.body.consent_mailing ?? false,
          origin: {
            ip: request.ip,
            userAgent: request.headers['user-agent'] ?? '',
            browser: browserOf(request, reply, config.publicUrl),
          },
          referrerCode: referralCode({}, readCookie(request, 'ref')),
        });
        cookies.clearSignup();
        return reply.status(201).send({ data: { token } });
      },
    );

    app.post(
      '/auth/social-signup/cancel',
      {
        schema: {
          tags: ['auth'],
          summary: 'Регистрация через соцсеть: отказ — полученные от соцсети данные удаляются',
          response: { 200: okResponse, 429: errorBody },
        },
        onRequest: limit,
      },
      async (request, reply) => {
        const cookies = signInCookies(request, reply, config.publicUrl);
        await cancelPendingSignup({ db, token: cookies.signup() });
        cookies.clearSignup();
        return ok;
      },
    );
  };
}
