// The back office's frame of the lessons: age groups (their texts on the site), the main programs (one
// per age group: the site finds a child's program by the age group, so programs are edited, not added)
// and the weeks of a program. Editors and administrators run them; every change is audited.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { and, asc, count, eq, ilike, sql, type SQL } from 'drizzle-orm';
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
import type { Database } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { additionalPrograms, ageGroups, mainPrograms, programWeeks } from '../../db/schema/index';
import type { ModuleDeps } from '../../deps';
import { invalidField, notFound } from '../../plugins/errors';
import { auditActor, recordAudit } from '../admin/audit';
import { likeLiteral, listMeta, offsetOf, orderOf } from '../admin/list';

export const EDITORS = ['admin', 'editor'] as const;
const errors = { 401: errorBody, 403: errorBody, 404: errorBody, 422: errorBody };
const security = [{ bearer: [] }];
const AGE_GROUP_NOT_FOUND = 'Возрастная группа не найдена';
const PROGRAM_NOT_FOUND = 'Программа не найдена';
const WEEK_NOT_FOUND = 'Неделя не найдена';
/** As the week form allows: a larger number typed in the search box is a title's digits. */
const MAX_WEEK_NUMBER = 520;
const WEEK_TAKEN = 'В программе уже есть неделя с таким номером';

type AgeGroupRow = typeof ageGroups.$inferSelect;
const toAgeGroup = (row: AgeGroupRow) => ({
  id: row.id,
  slug: row.slug,
  title: row.title,
  min_age: row.minAge,
  max_age: row.maxAge,
  description: row.description,
  skills: row.skills,
  topics: row.topics,
});

// Counts as correlated subqueries: the tables' own names, since drizzle leaves a single table's columns
// unqualified in the select list.
const programFields = {
  id: mainPrograms.id,
  slug: mainPrograms.slug,
  title: mainPrograms.title,
  age_group_id: mainPrograms.ageGroupId,
  age_group_title: ageGroups.title,
  is_active: mainPrograms.isActive,
  weeks_count: sql<number>`(select count(*)::int from program_weeks w where w.main_program_id = ${sql.raw('"main_programs"."id"')})`,
  lessons_count: sql<number>`(select count(*)::int from lessons l join program_weeks w on w.id = l.week_id where w.main_program_id = ${sql.raw('"main_programs"."id"')})`,
};

const programs = (db: Database) =>
  db
    .select(programFields)
    .from(mainPrograms)
    .innerJoin(ageGroups, eq(ageGroups.id, mainPrograms.ageGroupId));

const lessonPlaceFields = {
  id: additionalPrograms.id,
  title: additionalPrograms.title,
  is_active: additionalPrograms.isActive,
  lessons_count: sql<number>`(select count(*)::int from lessons l where l.additional_program_id = ${sql.raw('"additional_programs"."id"')})`,
};

const weekFields = {
  id: programWeeks.id,
  main_program_id: programWeeks.mainProgramId,
  program_title: mainPrograms.title,
  number: programWeeks.number,
  title: programWeeks.title,
  lessons_count: sql<number>`(select count(*)::int from lessons l where l.week_id = ${sql.raw('"program_weeks"."id"')})`,
};

const weeks = (db: Database) =>
  db
    .select(weekFields)
    .from(programWeeks)
    .innerJoin(mainPrograms, eq(mainPrograms.id, programWeeks.mainProgramId));

async function weekById(db: Database, id: number) {
  const [row] = await weeks(db).where(eq(programWeeks.id, id));
  if (!row) throw notFound(WEEK_NOT_FOUND);
  return row;
}

async function programExists(db: Database, id: number): Promise<boolean> {
  const [row] = await db
    .select({ id: mainPrograms.id })
    .from(mainPrograms)
    .where(eq(mainPrograms.id, id));
  return row !== undefined;
}

export function programAdminRoutes(deps: ModuleDeps): FastifyPluginAsyncZod {
  const { db } = deps;
  return async (app) => {
    const guard = app.requireStaff(EDITORS);

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
        const rows = await db.select().from(ageGroups).orderBy(asc(ageGroups.minAge));
        return {
          data: rows.map(toAgeGroup),
          meta: listMeta({ ...request.query, per_page: 100 }, rows.length),
        };
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
      async (request) => {
        const [row] = await db.select().from(ageGroups).where(eq(ageGroups.id, request.params.id));
        if (!row) throw notFound(AGE_GROUP_NOT_FOUND);
        return { data: toAgeGroup(row) };
      },
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
      async (request) => {
        const input = request.body;
        const row = await db.transaction(async (tx) => {
          const [updated] = await tx
            .update(ageGroups)
            .set({
              title: input.title,
              minAge: input.min_age,
              maxAge: input.max_age,
              description: input.description,
              skills: input.skills,
              topics: input.topics,
            })
            .where(eq(ageGroups.id, request.params.id))
            .returning();
          if (!updated) throw notFound(AGE_GROUP_NOT_FOUND);
          await recordAudit(tx, auditActor(request), {
            action: 'update',
            resource: 'age-groups',
            recordId: updated.id,
            summary: { fields: Object.keys(input) },
          });
          return updated;
        });
        return { data: toAgeGroup(row) };
      },
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
        const rows = await programs(db).orderBy(asc(ageGroups.minAge), asc(mainPrograms.id));
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
      async (request) => {
        const [row] = await programs(db).where(eq(mainPrograms.id, request.params.id));
        if (!row) throw notFound(PROGRAM_NOT_FOUND);
        return { data: row };
      },
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
      async (request) => {
        const { id } = request.params;
        await db.transaction(async (tx) => {
          const [updated] = await tx
            .update(mainPrograms)
            .set({ title: request.body.title, isActive: request.body.is_active })
            .where(eq(mainPrograms.id, id))
            .returning({ id: mainPrograms.id });
          if (!updated) throw notFound(PROGRAM_NOT_FOUND);
          await recordAudit(tx, auditActor(request), {
            action: 'update',
            resource: 'programs',
            recordId: id,
            summary: { title: request.body.title, is_active: request.body.is_active },
          });
        });
        const [row] = await programs(db).where(eq(mainPrograms.id, id));
        if (!row) throw notFound(PROGRAM_NOT_FOUND);
        return { data: row };
      },
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
        const rows = await db
          .select(lessonPlaceFields)
          .from(additionalPrograms)
          .orderBy(asc(additionalPrograms.position), asc(additionalPrograms.id));
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
      async (request) => {
        const [row] = await db
          .select(lessonPlaceFields)
          .from(additionalPrograms)
          .where(eq(additionalPrograms.id, request.params.id));
        if (!row) throw notFound('Дополнительная программа не найдена');
        return { data: row };
      },
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
        const query = request.query;
        const conditions: SQL[] = [];
        if (query.main_program_id !== undefined) {
          conditions.push(eq(programWeeks.mainProgramId, query.main_program_id));
        }
        if (query.q) {
          const number = Number(query.q);
          conditions.push(
            Number.isInteger(number) && number > 0 && number <= MAX_WEEK_NUMBER
              ? eq(programWeeks.number, number)
              : ilike(programWeeks.title, likeLiteral(query.q)),
          );
        }
        const where = and(...conditions);
        const order = orderOf(
          query,
          { number: programWeeks.number, title: programWeeks.title },
          programWeeks.number,
        );
        const [rows, [total]] = await Promise.all([
          weeks(db)
            .where(where)
            .orderBy(asc(mainPrograms.id), order)
            .limit(query.per_page)
            .offset(offsetOf(query)),
          db.select({ value: count() }).from(programWeeks).where(where),
        ]);
        return { data: rows, meta: listMeta(query, total?.value ?? 0) };
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
        const input = request.body;
        if (!(await programExists(db, input.main_program_id))) {
          throw invalidField('main_program_id', PROGRAM_NOT_FOUND);
        }
        let id: number;
        try {
          id = await db.transaction(async (tx) => {
            const [row] = await tx
              .insert(programWeeks)
              .values({
                mainProgramId: input.main_program_id,
                number: input.number,
                title: input.title,
              })
              .returning({ id: programWeeks.id });
            if (!row) throw new Error('the week was not inserted');
            await recordAudit(tx, auditActor(request), {
              action: 'create',
              resource: 'weeks',
              recordId: row.id,
              summary: { main_program_id: input.main_program_id, number: input.number },
            });
            return row.id;
          });
        } catch (error) {
          if (isUniqueViolation(error)) throw invalidField('number', WEEK_TAKEN);
          throw error;
        }
        reply.status(201);
        return { data: await weekById(db, id) };
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
      async (request) => {
        const input = request.body;
        const { id } = request.params;
        const current = await weekById(db, id);
        // A week keeps its program: children's places and skipped weeks point at it.
        if (current.main_program_id !== input.main_program_id) {
          throw invalidField('main_program_id', 'Неделю нельзя перенести в другую программу');
        }
        try {
          await db.transaction(async (tx) => {
            await tx
              .update(programWeeks)
              .set({ number: input.number, title: input.title })
              .where(eq(programWeeks.id, id));
            await recordAudit(tx, auditActor(request), {
              action: 'update',
              resource: 'weeks',
              recordId: id,
              summary: { number: input.number, title: input.title },
            });
          });
        } catch (error) {
          if (isUniqueViolation(error)) throw invalidField('number', WEEK_TAKEN);
          throw error;
        }
        return { data: await weekById(db, id) };
      },
    );
  };
}
