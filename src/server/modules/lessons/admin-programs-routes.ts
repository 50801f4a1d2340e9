// The back office's frame of the lessons: age groups, the main programs and their weeks, and the
// additional programs as places for lessons. Editors and administrators run them; the rules and the audit
// records are in admin-programs-service.ts.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBody } from '@contract/api/common';
import { adminListQuery, idParams } from '@contract/api/admin';
import {
  adminAgeGroupResponse,
  adminLessonPlaceResponse,
  adminLessonPlacesResponse,
  adminAgeGroupsResponse,
  adminProgramResponse,
  adminProgramsResponse,
  adminWeekResponse,
  adminWeeksResponse,
  ageGroupUpdate,
  programUpdate,
  weekInput,
  weeksListQuery,
} from '@contract/api/admin-learning';
import type { ModuleDeps } from '../../deps';
import { auditActor } from '../../shared/audit';
import { listMeta } from '../../shared/list';
import {
  ageGroupById,
  createWeek,
  lessonPlaceById,
  listAgeGroups,
  listLessonPlaces,
  listPrograms,
  listWeeks,
  programById,
  updateAgeGroup,
  updateProgram,
  updateWeek,
  weekById,
} from './admin-programs-service';

const errors = { 401: errorBody, 403: errorBody, 404: errorBody, 422: errorBody };
const security = [{ bearer: [] }];

export function programAdminRoutes(deps: ModuleDeps): FastifyPluginAsyncZod {
  const { db } = deps;
  return async (app) => {
    const guard = app.requireStaff('lessons');

    app.get(
      '/admin/age-groups',
      {
        onRequest: guard,
        schema: {
          tags: ['admin'],
          summary: 'Возрастные группы',
          security,
          querystring: adminListQuery,
          response: { 200: adminAgeGroupsResponse, ...errors },
        },
      },
      async (request) => {
        const rows = await listAgeGroups(db);
        return { data: rows, meta: listMeta({ ...request.query, per_page: 100 }, rows.length) };
      },
    );

    app.get(
      '/admin/age-groups/:id',
      {
        onRequest: guard,
        schema: {
          tags: ['admin'],
          summary: 'Возрастная группа',
          security,
          params: idParams,
          response: { 200: adminAgeGroupResponse, ...errors },
        },
      },
      async (request) => ({ data: await ageGroupById(db, request.params.id) }),
    );

    app.put(
      '/admin/age-groups/:id',
      {
        onRequest: guard,
        schema: {
          tags: ['admin'],
          summary: 'Изменить тексты возрастной группы',
          security,
          params: idParams,
          body: ageGroupUpdate,
          response: { 200: adminAgeGroupResponse, ...errors },
        },
      },
      async (request) => ({
        data: await updateAgeGroup(db, auditActor(request), request.params.id, request.body),
      }),
    );

    app.get(
      '/admin/programs',
      {
        onRequest: guard,
        schema: {
          tags: ['admin'],
          summary: 'Основные программы',
          security,
          querystring: adminListQuery,
          response: { 200: adminProgramsResponse, ...errors },
        },
      },
      async (request) => {
        const rows = await listPrograms(db);
        return { data: rows, meta: listMeta({ ...request.query, per_page: 100 }, rows.length) };
      },
    );

    app.get(
      '/admin/programs/:id',
      {
        onRequest: guard,
        schema: {
          tags: ['admin'],
          summary: 'Основная программа',
          security,
          params: idParams,
          response: { 200: adminProgramResponse, ...errors },
        },
      },
      async (request) => ({ data: await programById(db, request.params.id) }),
    );

    app.put(
      '/admin/programs/:id',
      {
        onRequest: guard,
        schema: {
          tags: ['admin'],
          summary: 'Изменить программу',
          security,
          params: idParams,
          body: programUpdate,
          response: { 200: adminProgramResponse, ...errors },
        },
      },
      async (request) => ({
        data: await updateProgram(db, auditActor(request), request.params.id, request.body),
      }),
    );

    app.get(
      '/admin/lesson-places',
      {
        onRequest: guard,
        schema: {
          tags: ['admin'],
          summary: 'Дополнительные программы как место для уроков',
          security,
          querystring: adminListQuery,
          response: { 200: adminLessonPlacesResponse, ...errors },
        },
      },
      async (request) => {
        const rows = await listLessonPlaces(db);
        return { data: rows, meta: listMeta({ ...request.query, per_page: 100 }, rows.length) };
      },
    );

    app.get(
      '/admin/lesson-places/:id',
      {
        onRequest: guard,
        schema: {
          tags: ['admin'],
          summary: 'Дополнительная программа как место для уроков',
          security,
          params: idParams,
          response: { 200: adminLessonPlaceResponse, ...errors },
        },
      },
      async (request) => ({ data: await lessonPlaceById(db, request.params.id) }),
    );

    app.get(
      '/admin/weeks',
      {
        onRequest: guard,
        schema: {
          tags: ['admin'],
          summary: 'Недели программ',
          security,
          querystring: weeksListQuery,
          response: { 200: adminWeeksResponse, ...errors },
        },
      },
      async (request) => {
        const { rows, total } = await listWeeks(db, request.query);
        return { data: rows, meta: listMeta(request.query, total) };
      },
    );

    app.get(
      '/admin/weeks/:id',
      {
        onRequest: guard,
        schema: {
          tags: ['admin'],
          summary: 'Неделя программы',
          security,
          params: idParams,
          response: { 200: adminWeekResponse, ...errors },
        },
      },
      async (request) => ({ data: await weekById(db, request.params.id) }),
    );

    app.post(
      '/admin/weeks',
      {
        onRequest: guard,
        schema: {
          tags: ['admin'],
          summary: 'Добавить неделю в программу',
          security,
          body: weekInput,
          response: { 201: adminWeekResponse, ...errors },
        },
      },
      async (request, reply) => {
        const data = await createWeek(db, auditActor(request), request.body);
        reply.status(201);
        return { data };
      },
    );

    app.put(
      '/admin/weeks/:id',
      {
        onRequest: guard,
        schema: {
          tags: ['admin'],
          summary: 'Изменить неделю',
          security,
          params: idParams,
          body: weekInput,
          response: { 200: adminWeekResponse, ...errors },
        },
      },
      async (request) => ({
        data: await updateWeek(db, auditActor(request), request.params.id, request.body),
      }),
    );
  };
}
