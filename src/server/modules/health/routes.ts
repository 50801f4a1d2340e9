import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBody as errorSchema, healthResponse, readyResponse } from '@contract/api/common';
import { ERROR_CODES } from '@contract/api/values';
import type { ModuleDeps } from '../../deps';
import { HttpError, serviceUnavailable } from '../../plugins/errors';
import { NOT_READY, readiness, type ReadinessDeps } from './readiness';
import { databaseAnswers } from './service';

export const DATABASE_SILENT = 'База данных не отвечает';

export function healthRoutes(
  deps: Pick<ModuleDeps, 'db'> & Omit<ReadinessDeps, 'db'>,
): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/health',
      {
        schema: {
          tags: ['service'],
          summary: 'Жив ли сервер и отвечает ли база данных',
          response: { 200: healthResponse, 503: errorSchema },
        },
      },
      async (request) => {
        if (!(await databaseAnswers(deps.db))) {
          request.log.warn('health check: database does not answer');
          // The shape of every outage answer (code service_unavailable, Retry-After), in words an
          // operator reading the balancer's check understands.
          throw serviceUnavailable(DATABASE_SILENT);
        }
        return { data: { status: 'ok' as const } };
      },
    );

    app.get(
      '/health/ready',
      {
        schema: {
          tags: ['service'],
          summary: 'Готов ли экземпляр принимать запросы (для балансировщика)',
          description:
            '200, когда база данных отвечает и в ней применены все миграции этой версии, Redis отвечает ' +
            '(если настроен), хранилище файлов принимает запись и сервер не останавливается. Иначе 503 ' +
            'с частями, которые не готовы, в errors (database, migrations, redis, media, stopping).',
          response: { 200: readyResponse, 503: errorSchema },
        },
      },
      async (request, reply) => {
        const { failing, redisConfigured } = await readiness(deps);
        if (failing.length > 0) {
          request.log.warn({ failing }, 'not ready');
          reply.header('retry-after', '5');
          throw new HttpError(503, NOT_READY[failing[0] ?? 'database'], {
            code: ERROR_CODES.serviceUnavailable,
            errors: Object.fromEntries(failing.map((part) => [part, [NOT_READY[part]]])),
          });
        }
        return {
          data: {
            status: 'ready' as const,
            checks: {
              database: 'ok' as const,
              migrations: 'ok' as const,
              redis: redisConfigured ? ('ok' as const) : ('not_configured' as const),
              media: 'ok' as const,
            },
          },
        };
      },
    );
  };
}
