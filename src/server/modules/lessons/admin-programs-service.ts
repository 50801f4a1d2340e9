// The rules of the back office's frame of the lessons: age groups (their texts on the site), the main
// programs (one per age group: the site finds a child's program by the age group, so programs are edited,
// not added or deleted) and the weeks of a program. Every change is audited in its own transaction.
import { and, asc, count, eq, ilike, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  ageGroupUpdate,
  programUpdate,
  weekInput,
  weeksListQuery,
} from '@contract/api/admin-learning';
import type { Database } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { additionalPrograms, ageGroups, mainPrograms, programWeeks } from '../../db/schema/index';
import { invalidField, notFound } from '../../plugins/errors';
import { recordAudit, type AuditActor } from '../../shared/audit';
import { likeLiteral, offsetOf, orderOf } from '../../shared/list';

const AGE_GROUP_NOT_FOUND = 'Возрастная группа не найдена';
const PROGRAM_NOT_FOUND = 'Программа не найдена';
const LESSON_PLACE_NOT_FOUND = 'Дополнительная программа не найдена';
const WEEK_NOT_FOUND = 'Неделя не найдена';
const WEEK_TAKEN = 'В программе уже есть неделя с таким номером';
const WEEK_STAYS = 'Неделю нельзя перенести в другую программу';
/** As the week form allows: a larger number typed in the search box is a title's digits. */
const MAX_WEEK_NUMBER = 520;

type AgeGroupInput = z.output<typeof ageGroupUpdate>;
type ProgramInput = z.output<typeof programUpdate>;
type WeekInput = z.output<typeof weekInput>;
type WeeksQuery = z.output<typeof weeksListQuery>;

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
  home_activity: programWeeks.homeActivity,
  lessons_count: sql<number>`(select count(*)::int from lessons l where l.week_id = ${sql.raw('"program_weeks"."id"')})`,
};

const weeks = (db: Database) =>
  db
    .select(weekFields)
    .from(programWeeks)
    .innerJoin(mainPrograms, eq(mainPrograms.id, programWeeks.mainProgramId));

export async function listAgeGroups(db: Database) {
  const rows = await db.select().from(ageGroups).orderBy(asc(ageGroups.minAge));
  return rows.map(toAgeGroup);
}

export async function ageGroupById(db: Database, id: number) {
  const [row] = await db.select().from(ageGroups).where(eq(ageGroups.id, id));
  if (!row) throw notFound(AGE_GROUP_NOT_FOUND);
  return toAgeGroup(row);
}

export async function updateAgeGroup(
  db: Database,
  actor: AuditActor,
  id: number,
  input: AgeGroupInput,
) {
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
      .where(eq(ageGroups.id, id))
      .returning();
    if (!updated) throw notFound(AGE_GROUP_NOT_FOUND);
    await recordAudit(tx, actor, {
      action: 'update',
      resource: 'age-groups',
      recordId: updated.id,
      summary: { fields: Object.keys(input) },
    });
    return updated;
  });
  return toAgeGroup(row);
}

/** Programs in the order of their age groups, youngest first. */
export const listPrograms = (db: Database) =>
  programs(db).orderBy(asc(ageGroups.minAge), asc(mainPrograms.id));

export async function programById(db: Database, id: number) {
  const [row] = await programs(db).where(eq(mainPrograms.id, id));
  if (!row) throw notFound(PROGRAM_NOT_FOUND);
  return row;
}

export async function updateProgram(
  db: Database,
  actor: AuditActor,
  id: number,
  input: ProgramInput,
) {
  await db.transaction(async (tx) => {
    const [updated] = await tx
      .update(mainPrograms)
      .set({ title: input.title, isActive: input.is_active })
      .where(eq(mainPrograms.id, id))
      .returning({ id: mainPrograms.id });
    if (!updated) throw notFound(PROGRAM_NOT_FOUND);
    await recordAudit(tx, actor, {
      action: 'update',
      resource: 'programs',
      recordId: id,
      summary: { title: input.title, is_active: input.is_active },
    });
  });
  return programById(db, id);
}

export const listLessonPlaces = (db: Database) =>
  db
    .select(lessonPlaceFields)
    .from(additionalPrograms)
    .orderBy(asc(additionalPrograms.position), asc(additionalPrograms.id));

export async function lessonPlaceById(db: Database, id: number) {
  const [row] = await db
    .select(lessonPlaceFields)
    .from(additionalPrograms)
    .where(eq(additionalPrograms.id, id));
  if (!row) throw notFound(LESSON_PLACE_NOT_FOUND);
  return row;
}

/** A page of weeks, by program; a number typed in the search box finds that week, other text a title. */
export async function listWeeks(db: Database, query: WeeksQuery) {
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
  return { rows, total: total?.value ?? 0 };
}

export async function weekById(db: Database, id: number) {
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

/** A number taken in the program (the unique index speaks) is the form's field problem, not a failure. */
async function numberFree<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (isUniqueViolation(error)) throw invalidField('number', WEEK_TAKEN);
    throw error;
  }
}

export async function createWeek(db: Database, actor: AuditActor, input: WeekInput) {
  if (!(await programExists(db, input.main_program_id))) {
    throw invalidField('main_program_id', PROGRAM_NOT_FOUND);
  }
  const id = await numberFree(
    db.transaction(async (tx) => {
      const [row] = await tx
        .insert(programWeeks)
        .values({
          mainProgramId: input.main_program_id,
          number: input.number,
          title: input.title,
          homeActivity: input.home_activity ?? null,
        })
        .returning({ id: programWeeks.id });
      if (!row) throw new Error('the week was not inserted');
      await recordAudit(tx, actor, {
        action: 'create',
        resource: 'weeks',
        recordId: row.id,
        summary: { main_program_id: input.main_program_id, number: input.number },
      });
      return row.id;
    }),
  );
  return weekById(db, id);
}

export async function updateWeek(db: Database, actor: AuditActor, id: number, input: WeekInput) {
  const current = await weekById(db, id);
  // A week keeps its program: children's places and skipped weeks point at it.
  if (current.main_program_id !== input.main_program_id) {
    throw invalidField('main_program_id', WEEK_STAYS);
  }
  await numberFree(
    db.transaction(async (tx) => {
      await tx
        .update(programWeeks)
        .set({
          number: input.number,
          title: input.title,
          ...(input.home_activity === undefined ? {} : { homeActivity: input.home_activity }),
        })
        .where(eq(programWeeks.id, id));
      await recordAudit(tx, actor, {
        action: 'update',
        resource: 'weeks',
        recordId: id,
        summary: { number: input.number, title: input.title },
      });
    }),
  );
  return weekById(db, id);
}
