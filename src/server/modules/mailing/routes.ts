import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { errorBody } from '@contract/api/common';
import {
  LINK_CANNOT_SUBSCRIBE,
  MAILING_TOKEN_HEADER,
  mailingCategoriesResponse,
  mailingChoiceBody,
  mailingStateResponse,
  mailingTokenHeaders,
  unsubscribeAllBody,
} from '@contract/api/mailing';
import type { ModuleDeps } from '../../deps';
import { optionalSession } from '../../plugins/auth';
import { forbidden, unauthorized } from '../../plugins/errors';
import { limitPerIp, type RateLimit } from '../../plugins/rate-limit';
import { findLink, invalidLink, markLinkUsed, type MailingLink } from './links';
import {
  chooseAll,
  chooseCategories,
  linkMaySubscribe,
  listCategories,
  mailingStateOf,
} from './preferences';

/** Link tokens cannot be guessed; the limit only keeps a flood of made-up ones off the database. */
export const MAILING_LINK_LIMIT = {
  name: 'mailing-link-ip',
  max: 60,
  windowMs: 10 * 60_000,
} as const satisfies RateLimit;

const errors = { 401: errorBody, 403: errorBody, 404: errorBody, 422: errorBody, 429: errorBody };

interface Recipient {
  userId: number;
  link: MailingLink | null;
}

export function mailingRoutes(deps: ModuleDeps): FastifyPluginAsyncZod {
  const limitLinks = limitPerIp(deps, MAILING_LINK_LIMIT);

  /** The link's token names the recipient when there is one; otherwise the signed-in parent. */
  async function recipient(
    request: FastifyRequest,
    reply: FastifyReply,
    token: string | undefined,
  ): Promise<Recipient> {
    if (token !== undefined) {
      await limitLinks(request, reply);
      const link = await findLink(deps.db, token);
      if (!link) throw invalidLink();
      return { userId: link.userId, link };
    }
    const session = await optionalSession(request, deps);
    if (!session) throw unauthorized();
    return { userId: session.user.id, link: null };
  }

  const origin = (request: FastifyRequest) => ({
    ip: request.ip,
    userAgent: request.headers['user-agent'] ?? '',
  });

  return async (app) => {
    app.get(
      '/profile/subscribe-categories-list',
      {
        schema: {
          tags: ['mailing'],
          summary: 'Категории рассылок',
          response: { 200: mailingCategoriesResponse },
        },
      },
      async () => ({ data: await listCategories(deps.db) }),
    );

    app.get(
      '/profile/unsubscribe-for-mailing',
      {
        schema: {
          tags: ['mailing'],
          summary: 'На какие рассылки подписан родитель',
          description: `Вошедший родитель — по токену входа; из письма — по токену ссылки в заголовке ${MAILING_TOKEN_HEADER}.`,
          headers: mailingTokenHeaders,
          response: { 200: mailingStateResponse, ...errors },
        },
      },
      async (request, reply) => {
        const who = await recipient(request, reply, request.headers[MAILING_TOKEN_HEADER]);
        return { data: await mailingStateOf(deps.db, who.userId, who.link) };
      },
    );

    for (const [path, subscribed] of [
      ['/profile/subscribe-for-mailing', true],
      ['/profile/unsubscribe-for-mailing', false],
    ] as const) {
      app.post(
        path,
        {
          schema: {
            tags: ['mailing'],
            summary: subscribed ? 'Подписаться на рассылки' : 'Отписаться от рассылок',
            body: mailingChoiceBody,
            response: { 200: mailingStateResponse, ...errors },
          },
        },
        async (request, reply) => {
          const who = await recipient(request, reply, request.body.extra?.token);
          if (
            subscribed &&
            who.link &&
            !(await linkMaySubscribe(deps.db, who.link.categoryId, request.body.categories))
          ) {
            throw forbidden(LINK_CANNOT_SUBSCRIBE);
          }
          const now = deps.clock();
          await chooseCategories(deps.db, {
            userId: who.userId,
            categoryIds: request.body.categories,
            subscribed,
            source: who.link ? 'link' : 'profile',
            origin: origin(request),
            now,
          });
          if (who.link && !subscribed && request.body.categories.includes(who.link.categoryId)) {
            await markLinkUsed(deps.db, who.link, now);
          }
          return { data: await mailingStateOf(deps.db, who.userId, who.link) };
        },
      );
    }

    app.post(
      '/profile/unsubscribe-from-all',
      {
        schema: {
          tags: ['mailing'],
          summary: 'Отписаться от всех рассылок (value: true) или вернуть их все (value: false)',
          body: unsubscribeAllBody,
          response: { 200: mailingStateResponse, ...errors },
        },
      },
      async (request, reply) => {
        const who = await recipient(request, reply, request.body.extra?.token);
        const now = deps.clock();
        const subscribed = !request.body.value;
        if (subscribed && who.link) throw forbidden(LINK_CANNOT_SUBSCRIBE);
        await chooseAll(deps.db, {
          userId: who.userId,
          subscribed,
          source: who.link ? 'link' : 'profile',
          origin: origin(request),
          now,
        });
        if (who.link && !subscribed) await markLinkUsed(deps.db, who.link, now);
        return { data: await mailingStateOf(deps.db, who.userId, who.link) };
      },
    );
  };
}
