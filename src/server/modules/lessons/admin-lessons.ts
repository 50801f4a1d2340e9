// The back office's lessons: a list by program, week or additional program, and the form that creates or
// changes a lesson with the files uploaded beforehand (admin-lesson-service.ts holds the rules and the
// queries).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBody } from '@contract/api/common';
import { idParams } from '@contract/api/admin';
import {
  adminLessonResponse,
  adminLessonsResponse,
  lessonInput,
  lessonsListQuery,
} from '@contract/api/admin-learning';
import type { ModuleDeps } from '../../deps';
import { auditActor } from '../../shared/audit';
import { listMeta } from '../../shared/list';
import {
  adminLessonById,
  createLesson,
  listAdminLessons,
  updateLesson,
} from './admin-lesson-service';

const errors = { 401: errorBody, 403: errorBody, 404: errorBody, 422: errorBody };
const security = [{ bearer: [] }];

export function lessonAdminRoutes(deps: ModuleDeps): FastifyPluginAsyncZod {
  const { db, media, clock } = deps;
  const one = (id: number) => adminLessonById(db, media, id, clock());
  return async (app) => {
    const guard = app.requireStaff('lessons');

    app.get(
      '/admin/lessons',
      {
        onRequest: guard,
        schema: {
          tags: ['admin'],
          summary: 'Уроки',
          security,
          querystring: lessonsListQuery,
          response: { 200: adminLessonsResponse, ...errors },
        },
      },
      async (request) => {
        const { rows, total } = await listAdminLessons(db, media, request.query, clock());
        return { data: rows, meta: listMeta(request.query, total) };
      },
    );

    app.get(
      '/admin/lessons/:id',
      {
        onRequest: guard,
        schema: {
          tags: ['admin'],
          summary: 'Урок',
          security,
          params: idParams,
          response: { 200: adminLessonResponse, ...errors },
        },
      },
      async (request) => ({ data: await one(request.params.id) }),
    );

    app.post(
      '/admin/lessons',
      {
        onRequest: guard,
        schema: {
          tags: ['admin'],
          summary: 'Добавить урок с загруженными файлами',
          security,
          body: lessonInput,
          response: { 201: adminLessonResponse, ...errors },
        },
      },
      async (request, reply) => {
        const id = await createLesson(db, auditActor(request), request.body, clock());
        reply.status(201);
        return { data: await one(id) };
      },
    );

    app.put(
      '/admin/lessons/:id',
      {
        onRequest: guard,
        schema: {
          tags: ['admin'],
          summary: 'Изменить урок; новые файлы — из готовых загрузок',
          security,
          params: idParams,
          body: lessonInput,
          response: { 200: adminLessonResponse, ...errors },
        },
      },
      async (request) => {
        await updateLesson(db, auditActor(request), request.params.id, request.body, clock());
        return { data: await one(request.params.id) };
      },
    );
  };
}
