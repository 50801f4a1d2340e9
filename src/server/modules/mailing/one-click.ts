// RFC 8058 one-click unsubscribe. A mailbox provider POSTs `List-Unsubscribe=One-Click` to the URL of the
// List-Unsubscribe header — the same `/unsubscribe?token=…` a person opens in a browser (GET serves the
// page) — with no cookies and no login, and expects 200 without a redirect. Whatever the body says, the
// token's recipient leaves the token's category: the provider acts for them, and a retry changes nothing.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ModuleDeps } from '../../deps';
import { limitPerIp, type RateLimit } from '../../plugins/rate-limit';
import { acceptForms } from '../../shared/form';
import { findLink, markLinkUsed } from './links';
import { chooseCategories } from './preferences';

const DONE = 'Вы отписаны от этой рассылки.';
const UNKNOWN = 'Ссылка для отписки не подошла.';

/**
 * Generous: mail providers post from few addresses for many people. It only keeps a flood of made-up
 * tokens off the database.
 */
export const ONE_CLICK_LIMIT = {
  name: 'one-click-ip',
  max: 600,
  windowMs: 10 * 60_000,
} as const satisfies RateLimit;

export function oneClickRoutes(deps: ModuleDeps): FastifyPluginAsyncZod {
  return async (app) => {
    acceptForms(app, 4096);
    // Some providers send the same field as multipart/form-data; the body is not needed either way.
    app.addContentTypeParser(
      ['multipart/form-data', 'text/plain'],
      { parseAs: 'string', bodyLimit: 4096 },
      (_request, _body, done) => done(null, {}),
    );
    app.post(
      '/unsubscribe',
      {
        onRequest: limitPerIp(deps, ONE_CLICK_LIMIT),
        schema: {
          hide: true,
          querystring: z.object({ token: z.string().max(200).optional() }),
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store').type('text/plain; charset=utf-8');
        const token = request.query.token;
        const link = token ? await findLink(deps.db, token) : null;
        // 404 tells a provider the link is dead; it then stops offering the button for this sender's mail.
        if (!link) return reply.status(404).send(UNKNOWN);
        const now = deps.clock();
        await chooseCategories(deps.db, {
          userId: link.userId,
          categoryIds: [link.categoryId],
          subscribed: false,
          source: 'one_click',
          origin: { ip: request.ip, userAgent: request.headers['user-agent'] ?? '' },
          now,
        });
        await markLinkUsed(deps.db, link, now);
        request.log.info({ delivery: link.deliveryId }, 'one-click unsubscribe');
        return reply.status(200).send(DONE);
      },
    );
  };
}
