// A family's children (docs/PRODUCT.md «Product rules»): name or nickname, birth date, age group, avatar and
// learning settings — nothing else. Every call is scoped to the parent: another family's child is 404.
import { and, asc, count, eq, sql } from 'drizzle-orm';
import { AGE_GROUP_SLUGS, type AgeGroupSlug } from '@contract/api/catalog';
import {
  CHILD_NOT_FOUND,
  NO_FREE_CHILD_SLOT,
  ageGroupForAge,
  ageOn,
  birthDateProblem,
  moscowToday,
  type Child,
  type ChildAvatar,
  type StudyMode,
} from '@contract/api/children';
import type { Database } from '../../db/client';
import { childSlotPurchases, children, users } from '../../db/schema/index';
import { currentSubscription } from '../subscriptions';
import type { Clock } from '../../deps';
import { ERROR_CODES } from '@contract/api/values';
import { conflict, invalidField, notFound } from '../../plugins/errors';

/** A family without a subscription (or with a one-child tariff) still has room for one child. */
export const FREE_CHILD_SLOTS = 1;

export interface ChildSlots {
  total: number;
  used: number;
  free: number;
  /** Places bought on top of the tariff (child-slot purchases). */
  bought: number;
}

/**
 * How many children the family may have: the amount_children of the subscription in force (at least one)
 * plus the places bought on their own, which stay with the family.
 */
export async function childSlots(db: Database, userId: number, now: Date): Promise<ChildSlots> {
  // One query after another: `db` may be a transaction's single connection (adding a child, taking a
  // refund back), where queries sent together are deprecated by node-postgres.
  const [usedRow] = await db
    .select({ used: count() })
    .from(children)
    .where(eq(children.userId, userId));
  const [boughtRow] = await db
    .select({ bought: sql<number>`coalesce(sum(${childSlotPurchases.slots}), 0)::int` })
    .from(childSlotPurchases)
    .where(eq(childSlotPurchases.userId, userId));
  const current = await currentSubscription(db, userId, now);
  const used = usedRow?.used ?? 0;
  const bought = boughtRow?.bought ?? 0;
  const total = Math.max(FREE_CHILD_SLOTS, current?.amount_children ?? 0) + bought;
  return { total, used, free: Math.max(0, total - used), bought };
}

type ChildRow = typeof children.$inferSelect;

const isAgeGroup = (value: string | null): value is AgeGroupSlug =>
  value !== null && (AGE_GROUP_SLUGS as readonly string[]).includes(value);

export function toChild(row: ChildRow): Child {
  return {
    id: row.id,
    name: row.name,
    birth_date: row.birthDate,
    age_group: isAgeGroup(row.ageGroup) ? row.ageGroup : null,
    avatar: row.avatar,
    remind_about_lessons: row.remindAboutLessons,
    study_mode: row.studyMode,
    daily_limit_minutes: row.dailyLimitMinutes,
    no_lessons_after: row.noLessonsAfter,
  };
}

export async function listChildren(db: Database, userId: number): Promise<Child[]> {
  const rows = await db
    .select()
    .from(children)
    .where(eq(children.userId, userId))
    .orderBy(asc(children.id));
  return rows.map(toChild);
}

interface Ctx {
  db: Database;
  clock: Clock;
  userId: number;
}

/** The birth date's age group on the Moscow calendar; 422 on birth_date when the age is out of range. */
function checkedAgeGroup(birthDate: string, now: Date): AgeGroupSlug {
  const today = moscowToday(now);
  const problem = birthDateProblem(birthDate, today);
  if (problem) throw invalidField('birth_date', problem);
  return ageGroupForAge(ageOn(birthDate, today));
}

export async function storeChild({
  db,
  clock,
  userId,
  input,
}: Ctx & {
  input: { name: string; birth_date: string; age_group?: AgeGroupSlug | undefined };
}): Promise<Child> {
  const now = clock();
  // The birth date is checked even when the parent picks the group by hand.
  const ageGroup = checkedAgeGroup(input.birth_date, now);
  return db.transaction(async (tx) => {
    // The parent's row is the lock: two add-child requests at once cannot both take the last slot.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    if ((await childSlots(tx, userId, now)).free <= 0)
      throw conflict(NO_FREE_CHILD_SLOT, ERROR_CODES.noFreeChildSlot);
    const [row] = await tx
      .insert(children)
      .values({
        userId,
        name: input.name,
        birthDate: input.birth_date,
        ageGroup: input.age_group ?? ageGroup,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    if (!row) throw new Error('insert returned no row');
    return toChild(row);
  });
}

export async function updateChild({
  db,
  clock,
  userId,
  input,
}: Ctx & {
  input: {
    id: number;
    name?: string | undefined;
    birth_date?: string | undefined;
    age_group?: AgeGroupSlug | undefined;
    avatar?: ChildAvatar | null | undefined;
    remind_about_lessons?: boolean | undefined;
    study_mode?: StudyMode | undefined;
    daily_limit_minutes?: number | null | undefined;
    no_lessons_after?: number | null | undefined;
  };
}): Promise<Child> {
  const now = clock();
  const storedBirthDate = async () => {
    const [row] = await db
      .select({ birthDate: children.birthDate })
      .from(children)
      .where(and(eq(children.id, input.id), eq(children.userId, userId)));
    if (!row) throw notFound(CHILD_NOT_FOUND);
    return row.birthDate;
  };
  const changes: Partial<typeof children.$inferInsert> = { updatedAt: now };
  if (input.name !== undefined) changes.name = input.name;
  if (input.birth_date !== undefined && input.birth_date !== (await storedBirthDate())) {
    // Only a new date meets the age rule: a child who has turned 8 since being added keeps the
    // profile, and its settings can still be saved with the date the form sends back unchanged.
    changes.birthDate = input.birth_date;
    changes.ageGroup = checkedAgeGroup(input.birth_date, now);
  }
  if (input.age_group !== undefined) changes.ageGroup = input.age_group;
  if (input.avatar !== undefined) changes.avatar = input.avatar;
  if (input.remind_about_lessons !== undefined) {
    changes.remindAboutLessons = input.remind_about_lessons;
  }
  if (input.study_mode !== undefined) changes.studyMode = input.study_mode;
  if (input.daily_limit_minutes !== undefined) {
    changes.dailyLimitMinutes = input.daily_limit_minutes;
  }
  if (input.no_lessons_after !== undefined) changes.noLessonsAfter = input.no_lessons_after;

  const [row] = await db
    .update(children)
    .set(changes)
    .where(and(eq(children.id, input.id), eq(children.userId, userId)))
    .returning();
  if (!row) throw notFound(CHILD_NOT_FOUND);
  return toChild(row);
}

export async function deleteChild({ db, userId, id }: Omit<Ctx, 'clock'> & { id: number }) {
  const [row] = await db
    .delete(children)
    .where(and(eq(children.id, id), eq(children.userId, userId)))
    .returning({ id: children.id });
  if (!row) throw notFound(CHILD_NOT_FOUND);
}
