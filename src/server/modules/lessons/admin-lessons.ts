// The back office's lessons: a list by program, week or additional program, and the form that creates or
// changes a lesson with the files uploaded beforehand (admin-lesson-service.ts holds the rules).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { and, asc, count, eq, ilike, type SQL } from 'drizzle-orm';
import { errorBody } from '@contract/api/common';
import { idParams } from '@contract/api/admin';
import {
  adminLessonResponse,
  adminLessonsResponse,
  lessonInput,
  lessonsListQuery,
  type AdminLesson,
} from '@contract/api/admin-learning';
import type { Database } from '../../db/client';
import { additionalPrograms, lessons, mainPrograms, programWeeks } from '../../db/schema/index';
import type { ModuleDeps } from '../../deps';
import type { MediaStore } from '../../integrations/storage/store';
import { notFound } from '../../plugins/errors';
import { auditActor } from '../admin/audit';
import { likeLiteral, listMeta, offsetOf, orderOf } from '../admin/list';
import { EDITORS } from './admin-programs';
import { LESSON_NOT_FOUND, createLesson, updateLesson } from './admin-lesson-service';
import { MEDIA_URL_TTL_SECONDS } from './service';

const errors = { 401: errorBody, 403: errorBody, 404: errorBody, 422: errorBody };
const security = [{ bearer: [] }];

const fields = {
  lesson: lessons,
  weekNumber: programWeeks.number,
  mainProgramId: programWeeks.mainProgramId,
  programTitle: mainPrograms.title,
  additionalTitle: additionalPrograms.title,
};

type Row = {
  lesson: typeof lessons.$inferSelect;
  weekNumber: number | null;
  mainProgramId: number | null;
  programTitle: string | null;
  additionalTitle: string | null;
};

const rows = (db: Database) =>
  db
    .select(fields)
    .from(lessons)
    .leftJoin(programWeeks, eq(programWeeks.id, lessons.weekId))
    .leftJoin(mainPrograms, eq(mainPrograms.id, programWeeks.mainProgramId))
    .leftJoin(additionalPrograms, eq(additionalPrograms.id, lessons.additionalProgramId));

async function toAdmin(row: Row, media: MediaStore, now: Date): Promise<AdminLesson> {
  const { lesson } = row;
  const url = (key: string) => media.signedUrl(key, MEDIA_URL_TTL_SECONDS, now);
  return {
    id: lesson.id,
    code: lesson.code,
    week_id: lesson.weekId,
    week_number: row.weekNumber,
    main_program_id: row.mainProgramId,
    additional_program_id: lesson.additionalProgramId,
    place_title:
      row.weekNumber !== null
        ? `${row.programTitle ?? ''}, неделя ${row.weekNumber}`
        : (row.additionalTitle ?? ''),
    position: lesson.position,
    title: lesson.title,
    description: lesson.description,
    duration_seconds: lesson.durationSeconds,
    is_active: lesson.isActive,
    video_url: await url(lesson.videoKey),
    poster_url: await url(lesson.posterKey),
    subtitles_url: await url(lesson.subtitlesKey),
    updated_at: lesson.updatedAt.toISOString(),
  };
}

export function lessonAdminRoutes(deps: ModuleDeps): FastifyPluginAsyncZod {
  const { db, media, clock } = deps;
  const one = async (id: number) => {
    const [row] = await rows(db).where(eq(lessons.id, id));
    if (!row) throw notFound(LESSON_NOT_FOUND);
    return toAdmin(row, media, clock());
  };
  return async (app) => {
    const guard = app.requireStaff(EDITORS);

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
        const query = request.query;
        const conditions: SQL[] = [];
        if (query.week_id !== undefined) conditions.push(eq(lessons.weekId, query.week_id));
        if (query.main_program_id !== undefined) {
          conditions.push(eq(programWeeks.mainProgramId, query.main_program_id));
        }
        if (query.additional_program_id !== undefined) {
          conditions.push(eq(lessons.additionalProgramId, query.additional_program_id));
        }
        if (query.q) conditions.push(ilike(lessons.title, likeLiteral(query.q)));
        const where = and(...conditions);
        const sort = orderOf(
          query,
          { title: lessons.title, updated_at: lessons.updatedAt, id: lessons.id },
          lessons.id,
        );
        const order = query.sort
          ? [sort]
          : [
              asc(mainPrograms.id),
              asc(programWeeks.number),
              asc(additionalPrograms.id),
              asc(lessons.position),
            ];
        const [page, [total]] = await Promise.all([
          rows(db)
            .where(where)
            .orderBy(...order)
            .limit(query.per_page)
            .offset(offsetOf(query)),
          db
            .select({ value: count() })
            .from(lessons)
            .leftJoin(programWeeks, eq(programWeeks.id, lessons.weekId))
            .where(where),
        ]);
        const now = clock();
        return {
          data: await Promise.all(page.map((row) => toAdmin(row, media, now))),
          meta: listMeta(query, total?.value ?? 0),
        };
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
