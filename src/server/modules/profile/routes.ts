import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { profileResponse } from '@contract/api/auth';
import { errorBody } from '@contract/api/common';
import type { ModuleDeps } from '../../deps';
import { currentUser } from '../auth/guard';
import { getProfile } from './service';

export function profileRoutes(deps: ModuleDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/profile/show',
      {
        preHandler: app.requireUser,
        schema: {
          tags: ['profile'],
          summary: 'Профиль родителя',
          security: [{ bearer: [] }],
          response: { 200: profileResponse, 401: errorBody },
        },
      },
      async (request) => ({
        data: await getProfile({ db: deps.db, userId: currentUser(request).id }),
      }),
    );
  };
}
