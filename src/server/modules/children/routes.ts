import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { okResponse } from '@contract/api/auth';
import {
  childIdBody,
  childResponse,
  childStoreBody,
  childUpdateBody,
} from '@contract/api/children';
import { errorBody } from '@contract/api/common';
import type { ModuleDeps } from '../../deps';
import { currentFamily, currentUser, ownerOnly } from '../../plugins/auth';
import { deleteChild, storeChild, updateChild } from './service';

const errors = { 401: errorBody, 404: errorBody, 422: errorBody };

export function childrenRoutes(deps: ModuleDeps): FastifyPluginAsyncZod {
  const { db, clock } = deps;
  return async (app) => {
    app.post(
      '/profile/child/store',
      {
        onRequest: app.requireUser,
        schema: {
          tags: ['children'],
          summary: 'Добавить ребёнка',
          description:
            'Возраст 1–8 лет по московской дате; возрастная группа — по дате рождения, если не указана. ' +
            '409, когда у семьи нет свободного места (пока — один ребёнок на семью).',
          security: [{ bearer: [] }],
          body: childStoreBody,
          response: { 201: childResponse, 409: errorBody, ...errors },
        },
      },
      async (request, reply) => {
        const data = await storeChild({
          db,
          clock,
          userId: currentUser(request).id,
          input: request.body,
        });
        return reply.status(201).send({ data });
      },
    );

    app.post(
      '/profile/child/update',
      {
        onRequest: app.requireMember,
        schema: {
          tags: ['children'],
          summary: 'Изменить данные или настройки ребёнка',
          description:
            'Близкий семьи меняет программу, режим, напоминания, экранное время и картинку; имя и дату ' +
            'рождения — только родитель (403 owner_only).',
          security: [{ bearer: [] }],
          body: childUpdateBody,
          response: { 200: childResponse, 403: errorBody, ...errors },
        },
      },
      async (request) => {
        const family = currentFamily(request);
        // docs/PRODUCT.md «Grown-ups of a family»: who the child is (name, birth date) stays the owner's to
        // say; how the child studies (program, mode, reminders, screen time, picture) a caregiver may
        // change too, as the program switch lets them.
        const { name, birth_date } = request.body;
        if (family.role !== 'owner' && (name ?? birth_date) !== undefined) throw ownerOnly();
        return {
          data: await updateChild({ db, clock, userId: family.id, input: request.body }),
        };
      },
    );

    app.post(
      '/profile/child/delete',
      {
        onRequest: app.requireUser,
        schema: {
          tags: ['children'],
          summary: 'Удалить ребёнка и его статистику',
          security: [{ bearer: [] }],
          body: childIdBody,
          response: { 200: okResponse, ...errors },
        },
      },
      async (request) => {
        await deleteChild({ db, userId: currentUser(request).id, id: request.body.id });
        return { data: { status: 'ok' as const } };
      },
    );
  };
}
