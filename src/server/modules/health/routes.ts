import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBody as errorSchema, healthResponse } from '@contract/api/common';
import type { ModuleDeps } from '../../deps';
import { serviceUnavailable } from '../../plugins/errors';
import { databaseAnswers } from './service';

export const DATABASE_SILENT = 'База данных не отвечает';

export function healthRoutes(deps: Pick<ModuleDeps, 'db'>): FastifyPluginAsyncZod {
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
  };
}
