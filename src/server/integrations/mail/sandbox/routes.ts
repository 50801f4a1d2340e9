// /sandbox/mail: the outbox as pages for people and as JSON for tests. Mounted only when config.sandboxes.
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../../db/client';
import { findOutboxMessage, listOutbox, mailLinks } from './outbox';
import {
  outboxBadFilterPage,
  outboxListPage,
  outboxMessagePage,
  outboxNotFoundPage,
} from './pages';

const LIST_LIMIT = 200;
const API_LIMIT = 100;

// Pages without scripts; the mail's own markup lives in a sandboxed srcdoc frame that inherits this
// policy, so its images may come from anywhere but nothing may run.
const PAGE_CSP = [
  "default-src 'none'",
  "style-src 'unsafe-inline'",
  'img-src * data:',
  "form-action 'self'",
  "base-uri 'none'",
  "frame-ancestors 'self'",
].join('; ');

function sendPage(reply: FastifyReply, html: string, status = 200) {
  return reply
    .status(status)
    .header('content-type', 'text/html; charset=utf-8')
    .header('content-security-policy', PAGE_CSP)
    .header('cache-control', 'no-store')
    .send(html);
}

// The mail alone, as its own document: the CSP sandbox makes it an opaque origin where nothing runs.
const MAIL_CSP = [
  'sandbox allow-popups allow-popups-to-escape-sandbox allow-top-navigation-by-user-activation',
  "default-src 'none'",
  "style-src 'unsafe-inline'",
  'img-src * data:',
  "frame-ancestors 'self'",
].join('; ');

const messageId = (raw: string) => (/^\d{1,9}$/.test(raw) ? Number(raw) : null);

// PostgreSQL text cannot hold NUL: such a filter would fail in the database instead of finding nothing.
const toFilter = z.object({
  to: z
    .string()
    .max(320)
    .refine((to) => !to.includes('\0'), 'Адрес не может содержать нулевой символ')
    .optional(),
});

const apiMessage = z.object({
  id: z.number().int(),
  to: z.string(),
  from: z.string(),
  subject: z.string(),
  html: z.string(),
  text: z.string(),
  template: z.string(),
  headers: z.record(z.string(), z.string()),
  links: z.array(z.string()),
  created_at: z.string(),
});

export function mailSandboxRoutes(deps: { db: Database }): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/', { schema: { hide: true } }, async (request, reply) => {
      // People type this filter: a bad one gets a page saying why, not the JSON of a validation error.
      const filter = toFilter.safeParse(request.query);
      if (!filter.success) {
        const reason = filter.error.issues[0]?.message ?? 'неверное значение';
        return sendPage(reply, outboxBadFilterPage(reason), 400);
      }
      const to = filter.data.to?.trim() ?? '';
      const messages = await listOutbox(deps.db, { to, limit: LIST_LIMIT });
      return sendPage(reply, outboxListPage(messages, { to }));
    });

    app.get(
      '/:id',
      { schema: { hide: true, params: z.object({ id: z.string() }) } },
      async (request, reply) => {
        const id = messageId(request.params.id);
        const message = id === null ? null : await findOutboxMessage(deps.db, id);
        if (!message) return sendPage(reply, outboxNotFoundPage(), 404);
        return sendPage(reply, outboxMessagePage(message));
      },
    );

    app.get(
      '/:id/html',
      { schema: { hide: true, params: z.object({ id: z.string() }) } },
      async (request, reply) => {
        const id = messageId(request.params.id);
        const message = id === null ? null : await findOutboxMessage(deps.db, id);
        if (!message) return sendPage(reply, outboxNotFoundPage(), 404);
        return reply
          .header('content-type', 'text/html; charset=utf-8')
          .header('content-security-policy', MAIL_CSP)
          .header('cache-control', 'no-store')
          .send(message.html);
      },
    );

    app.get(
      '/api/messages',
      {
        schema: {
          tags: ['sandbox'],
          summary: 'Письма песочницы почты, новые сверху (не в продакшне)',
          querystring: toFilter,
          response: { 200: z.object({ data: z.array(apiMessage) }) },
        },
      },
      async (request) => {
        const messages = await listOutbox(deps.db, { to: request.query.to, limit: API_LIMIT });
        return {
          data: messages.map((m) => ({
            id: m.id,
            to: m.to,
            from: m.from,
            subject: m.subject,
            html: m.html,
            text: m.text,
            template: m.template,
            headers: m.headers,
            links: mailLinks(m.html).map((link) => link.href),
            created_at: m.createdAt.toISOString(),
          })),
        };
      },
    );
  };
}
