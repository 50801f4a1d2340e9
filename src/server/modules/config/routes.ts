import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { publicConfigResponse } from '@contract/api/config';
import type { ModuleDeps } from '../../deps';
import { publicConfigOf } from './service';

export function configRoutes(deps: Pick<ModuleDeps, 'config'>): FastifyPluginAsyncZod {
  // Configuration is fixed for the life of the process: build the answer once.
  const body = { data: publicConfigOf(deps.config) };
  return async (app) => {
    app.get(
      '/public-config',
      {
        schema: {
          tags: ['service'],
          summary: 'Публичные настройки для браузера',
          response: { 200: publicConfigResponse },
        },
      },
      async () => body,
    );
  };
}
