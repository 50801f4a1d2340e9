// Social sign-in over HTTP (docs/ARCHITECTURE.md): start, provider callbacks, unbinding, erasure, and
// Facebook's data-deletion callback. Callbacks answer with redirects only: a browser lands on them.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { okResponse } from '@contract/api/auth';
import { errorBody } from '@contract/api/common';
import {
  SOCIAL_ERROR_QUERY,
  fbDataDeletionBody,
  fbDataDeletionResponse,
  oauthUrlResponse,
  unbindSocialQuery,
} from '@contract/api/oauth';
import type { ModuleDeps } from '../../deps';
import { notFound } from '../../plugins/errors';
import { CHANGES_DATA_ON_GET, currentUser, optionalSession } from '../../plugins/auth';
import { limitPerIp, type RateLimit } from '../../plugins/rate-limit';
import { signInCookies } from '../auth';
import { fbDeletionAvailable, handleFbDeletionRequest } from './fb-deletion';
import { acceptForms } from '../../shared/form';
import { deleteSocialData, unbindSocialNetwork } from './links';
import { socialProviders } from './providers';
import { socialSignupRoutes } from './signup-routes';
import { finishSocialSignIn, startSocialSignIn, type CallbackQuery } from './service';

export const FB_DISABLED = 'Вход через Facebook на этом сайте отключён';
export const FB_DELETION_UNAVAILABLE = 'Facebook на этом сайте не подключён';

const MINUTE = 60_000;
/** Every start writes a row: a flood from one address slows down long before it matters. */
export const OAUTH_LIMITS = {
  startPerIp: { name: 'oauth-start-ip', max: 30, windowMs: MINUTE },
  callbackPerIp: { name: 'oauth-callback-ip', max: 30, windowMs: MINUTE },
  fbDeletionPerIp: { name: 'fb-deletion-ip', max: 60, windowMs: MINUTE },
} as const satisfies Record<string, RateLimit>;

const ok = { data: { status: 'ok' as const } };

/** Callback parameters are read leniently: a repeated or odd one must end in a redirect, not a 422. */
const callbackQuery = z.record(z.string(), z.unknown());

function firstString(value: unknown): string | undefined {
  const first = Array.isArray(value) ? (value[0] as unknown) : value;
  return typeof first === 'string' && first.length <= 2048 ? first : undefined;
}

function readCallback(query: Record<string, unknown>): CallbackQuery {
  return {
    code: firstString(query.code),
    state: firstString(query.state),
    device_id: firstString(query.device_id),
    error: firstString(query.error),
  };
}

export function oauthRoutes(deps: ModuleDeps): FastifyPluginAsyncZod {
  const { db, clock, config } = deps;
  const providers = socialProviders(config);

  return async (app) => {
    acceptForms(app);

    for (const [name, title] of [
      ['vk', 'VK ID'],
      ['fb', 'Facebook'],
    ] as const) {
      const provider = providers[name];

      app.get(
        `/auth/${name}-oauth`,
        {
          schema: {
            tags: ['auth'],
            summary: `Адрес входа через ${title}; с токеном — привязка к профилю`,
            response: { 200: oauthUrlResponse, 404: errorBody, 429: errorBody },
          },
          onRequest: limitPerIp(deps, OAUTH_LIMITS.startPerIp),
        },
        async (request, reply) => {
          if (!provider.enabled) throw notFound(FB_DISABLED);
          // A valid bearer means a signed-in parent linking this network from the profile.
          const session = await optionalSession(request, deps);
          const url = await startSocialSignIn({
            db,
            clock,
            provider,
            userId: session?.user.id ?? null,
            binding: signInCookies(request, reply, config.publicUrl).issueBinding(),
          });
          return { data: { url } };
        },
      );

      app.get(
        `/auth/${name}-oauth/callback`,
        {
          schema: {
            tags: ['auth'],
            summary: `Возврат от ${title}: вход, привязка или шаг согласия для нового человека (302)`,
            querystring: callbackQuery,
          },
          onRequest: limitPerIp(deps, OAUTH_LIMITS.callbackPerIp),
        },
        async (request, reply) => {
          // The code and state in this address must not linger in caches or leak onwards.
          reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer');
          // Whatever the outcome, the binding has served: the next sign-in gets a fresh one.
          const cookies = signInCookies(request, reply, config.publicUrl);
          const binding = cookies.takeBinding();
          if (!provider.enabled) return reply.redirect(`/?${SOCIAL_ERROR_QUERY}=disabled`, 302);
          try {
            const result = await finishSocialSignIn({
              db,
              clock,
              provider,
              query: readCallback(request.query),
              binding,
            });
            if (result.failure !== undefined) {
              request.log.warn({ err: result.failure, network: name }, 'social sign-in failed');
            }
            // Only this browser may spend the code (POST /api/auth/usertoken checks the cookie).
            if (result.usertoken !== undefined) cookies.setUserToken(result.usertoken);
            // A new person: the consent step finds the pending sign-up by this cookie alone.
            if (result.signupToken !== undefined) cookies.setSignup(result.signupToken);
            return await reply.redirect(result.location, 302);
          } catch (error) {
            // Our own fault (the database, a bug): the parent still lands on the site, not on JSON.
            request.log.error({ err: error, network: name }, 'social sign-in broke');
            return reply.redirect(`/?${SOCIAL_ERROR_QUERY}=failed`, 302);
          }
        },
      );
    }

    app.register(socialSignupRoutes(deps));

    app.get(
      '/profile/unbind-social-network',
      {
        onRequest: app.requireMember,
        ...CHANGES_DATA_ON_GET,
        schema: {
          tags: ['profile'],
          summary: 'Отвязать социальную сеть (нельзя, если это единственный способ входа)',
          security: [{ bearer: [] }],
          querystring: unbindSocialQuery,
          response: { 200: okResponse, 401: errorBody, 422: errorBody },
        },
      },
      async (request) => {
        await unbindSocialNetwork({
          db,
          userId: currentUser(request).id,
          network: request.query.social_network,
        });
        return ok;
      },
    );

    app.get(
      '/profile/deleteSocialData',
      {
        onRequest: app.requireMember,
        ...CHANGES_DATA_ON_GET,
        schema: {
          tags: ['profile'],
          summary: 'Удалить данные социальных сетей (нельзя, если это единственный способ входа)',
          security: [{ bearer: [] }],
          response: { 200: okResponse, 401: errorBody, 422: errorBody },
        },
      },
      async (request) => {
        await deleteSocialData({ db, userId: currentUser(request).id });
        return ok;
      },
    );

    app.post(
      '/auth/fb/data-deletion',
      {
        schema: {
          tags: ['auth'],
          summary: 'Facebook: запрос на удаление данных (signed_request)',
          body: fbDataDeletionBody,
          response: { 200: fbDataDeletionResponse, 404: errorBody, 422: errorBody },
        },
        onRequest: limitPerIp(deps, OAUTH_LIMITS.fbDeletionPerIp),
      },
      async (request) => {
        if (!fbDeletionAvailable(config)) throw notFound(FB_DELETION_UNAVAILABLE);
        return handleFbDeletionRequest({
          db,
          clock,
          config,
          signedRequest: request.body.signed_request,
        });
      },
    );
  };
}
