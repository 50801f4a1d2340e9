// The rules of the prices beside the tariffs: the offers of each additional program (one per number of
// children) and the price of one skipped week of each main program (admin-prices-routes.ts serves them).
// The programs themselves (texts, lessons, «скоро», shown or not) are content and are edited elsewhere;
// here only what the store charges. A purchase keeps the lines it was priced with, so a change reaches new
// purchases only; the store reads the tables on every request.
import type { z } from 'zod';
import { and, asc, count, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { adminListQuery } from '@contract/api/admin';
import type {
  AdminProgramPrices,
  AdminWeekPrice,
  programPricesInput,
} from '@contract/api/admin-catalog';
import type { Database } from '../../db/client';
import {
  additionalProgramOffers,
  additionalPrograms,
  ageGroups,
  mainPrograms,
  purchases,
} from '../../db/schema/index';
import { HttpError, notFound } from '../../plugins/errors';
import { recordAudit, type AuditActor } from '../../shared/audit';
import { likeLiteral, offsetOf } from '../../shared/list';

export const PROGRAM_NOT_FOUND = 'Программа не найдена';
export const OFFER_NOT_FOUND = 'Такой цены у этой программы нет — обновите страницу';
export const CHILDREN_TWICE = 'Для такого числа детей цена уже есть';
export const OFFER_TERMS_FIXED =
  'Эту цену уже покупали: число детей не меняется. Добавьте новую строку, а эту выключите';
export const OFFER_SOLD_KEPT =
  'Эту цену уже покупали: удалить её нельзя, можно выключить — она пропадёт из магазина';

type ListQuery = z.output<typeof adminListQuery>;
type OfferInput = z.output<typeof programPricesInput>['offers'];

type ProgramRow = typeof additionalPrograms.$inferSelect;
type OfferRow = typeof additionalProgramOffers.$inferSelect;

/** Offers some purchase names (paid, waiting at the bank or only chosen): their terms are fixed. */
async function soldOffers(db: Database, ids: readonly number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ ref: sql<number>`(${purchases.lines} -> 0 ->> 'ref_id')::int` })
    .from(purchases)
    .where(
      and(
        eq(purchases.type, 'additional-program'),
        inArray(sql`(${purchases.lines} -> 0 ->> 'ref_id')::int`, [...ids]),
      ),
    )
    .groupBy(sql`1`);
  return new Set(rows.map((row) => Number(row.ref)));
}

function toPrices(program: ProgramRow, offers: OfferRow[], sold: Set<number>): AdminProgramPrices {
  return {
    id: program.id,
    slug: program.slug,
    title: program.title,
    locked: program.locked,
    program_active: program.isActive,
    offers: offers
      .filter((offer) => offer.additionalProgramId === program.id)
      .sort((a, b) => a.amountChildren - b.amountChildren || a.id - b.id)
      .map((offer) => ({
        id: offer.id,
        amount_children: offer.amountChildren,
        price: offer.price / 100,
        is_active: offer.isActive,
        sold: sold.has(offer.id),
      })),
  };
}

async function programsWithOffers(
  db: Database,
  programs: ProgramRow[],
): Promise<AdminProgramPrices[]> {
  const ids = programs.map((program) => program.id);
  const offers =
    ids.length === 0
      ? []
      : await db
          .select()
          .from(additionalProgramOffers)
          .where(inArray(additionalProgramOffers.additionalProgramId, ids));
  const sold = await soldOffers(
    db,
    offers.map((offer) => offer.id),
  );
  return programs.map((program) => toPrices(program, offers, sold));
}

async function findProgram(db: Database, id: number): Promise<ProgramRow> {
  const [row] = await db.select().from(additionalPrograms).where(eq(additionalPrograms.id, id));
  if (!row) throw notFound(PROGRAM_NOT_FOUND);
  return row;
}

const weekPriceFields = {
  id: mainPrograms.id,
  slug: mainPrograms.slug,
  title: mainPrograms.title,
  ageGroup: ageGroups.title,
  isActive: mainPrograms.isActive,
  weekPrice: mainPrograms.weekPrice,
};
interface WeekPriceRow {
  id: number;
  slug: string;
  title: string;
  ageGroup: string;
  isActive: boolean;
  weekPrice: number;
}

const toWeekPrice = (row: WeekPriceRow): AdminWeekPrice => ({
  id: row.id,
  slug: row.slug,
  title: row.title,
  age_group: row.ageGroup,
  is_active: row.isActive,
  week_price: row.weekPrice / 100,
});

const weekPriceRows = (db: Database) =>
  db
    .select(weekPriceFields)
    .from(mainPrograms)
    .innerJoin(ageGroups, eq(ageGroups.id, mainPrograms.ageGroupId));

/** A page of additional programs with their offers. */
export async function listProgramPrices(db: Database, query: ListQuery) {
  const where = query.q
    ? or(
        ilike(additionalPrograms.title, likeLiteral(query.q)),
        ilike(additionalPrograms.slug, likeLiteral(query.q)),
      )
    : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(additionalPrograms)
      .where(where)
      .orderBy(asc(additionalPrograms.position), asc(additionalPrograms.id))
      .limit(query.per_page)
      .offset(offsetOf(query)),
    db.select({ n: count() }).from(additionalPrograms).where(where),
  ]);
  return { rows: await programsWithOffers(db, rows), total: total?.n ?? 0 };
}

export async function programPricesById(db: Database, id: number): Promise<AdminProgramPrices> {
  const [data] = await programsWithOffers(db, [await findProgram(db, id)]);
  if (!data) throw notFound(PROGRAM_NOT_FOUND);
  return data;
}

/**
 * The whole list of a program's offers: a row without an id is new, a row missing from the list goes
 * (a bought one may only be switched off), and a bought one keeps its number of children.
 */
export async function updateProgramPrices(
  db: Database,
  actor: AuditActor,
  id: number,
  wanted: OfferInput,
): Promise<AdminProgramPrices> {
  return db.transaction(async (tx) => {
    const [program] = await tx
      .select()
      .from(additionalPrograms)
      .where(eq(additionalPrograms.id, id))
      .for('update');
    if (!program) throw notFound(PROGRAM_NOT_FOUND);
    const current = await tx
      .select()
      .from(additionalProgramOffers)
      .where(eq(additionalProgramOffers.additionalProgramId, id));
    const sold = await soldOffers(
      tx,
      current.map((offer) => offer.id),
    );
    const byId = new Map(current.map((offer) => [offer.id, offer]));
    const fields: Record<string, string[]> = {};
    const problem = (field: string, message: string) => {
      (fields[field] ??= []).push(message);
    };
    const seen = new Set<number>();
    wanted.forEach((offer, index) => {
      if (seen.has(offer.amount_children)) {
        problem(`offers.${index}.amount_children`, CHILDREN_TWICE);
      }
      seen.add(offer.amount_children);
      if (offer.id === null || offer.id === undefined) return;
      const before = byId.get(offer.id);
      if (!before) problem(`offers.${index}.id`, OFFER_NOT_FOUND);
      else if (sold.has(before.id) && before.amountChildren !== offer.amount_children) {
        problem(`offers.${index}.amount_children`, OFFER_TERMS_FIXED);
      }
    });
    const kept = new Set(wanted.flatMap((offer) => (offer.id ? [offer.id] : [])));
    const removed = current.filter((offer) => !kept.has(offer.id));
    if (removed.some((offer) => sold.has(offer.id))) problem('offers', OFFER_SOLD_KEPT);
    const first = Object.values(fields)[0]?.[0];
    if (first) throw new HttpError(422, first, { errors: fields });

    const log: Record<string, unknown>[] = [];
    if (removed.length > 0) {
      await tx.delete(additionalProgramOffers).where(
        inArray(
          additionalProgramOffers.id,
          removed.map((offer) => offer.id),
        ),
      );
      for (const offer of removed) {
        log.push({ removed: offer.id, amount_children: offer.amountChildren });
      }
    }
    // Existing rows first, each moved to its new number of children through a free value, so the
    // unique (program, children) index never sees two rows at once.
    const updates = wanted.filter((offer) => offer.id);
    for (const offer of updates) {
      const before = byId.get(offer.id ?? 0);
      if (before && before.amountChildren !== offer.amount_children) {
        await tx
          .update(additionalProgramOffers)
          .set({ amountChildren: -before.id })
          .where(eq(additionalProgramOffers.id, before.id));
      }
    }
    for (const offer of updates) {
      const before = byId.get(offer.id ?? 0);
      if (!before) continue;
      const next = {
        amountChildren: offer.amount_children,
        price: offer.price * 100,
        isActive: offer.is_active,
      };
      await tx
        .update(additionalProgramOffers)
        .set(next)
        .where(eq(additionalProgramOffers.id, before.id));
      if (
        before.amountChildren !== next.amountChildren ||
        before.price !== next.price ||
        before.isActive !== next.isActive
      ) {
        log.push({
          offer: before.id,
          amount_children: [before.amountChildren, next.amountChildren],
          price: [before.price, next.price],
          is_active: [before.isActive, next.isActive],
        });
      }
    }
    const added = wanted.filter((offer) => !offer.id);
    if (added.length > 0) {
      const rows = await tx
        .insert(additionalProgramOffers)
        .values(
          added.map((offer) => ({
            additionalProgramId: id,
            amountChildren: offer.amount_children,
            price: offer.price * 100,
            isActive: offer.is_active,
          })),
        )
        .returning();
      for (const row of rows) {
        log.push({ added: row.id, amount_children: row.amountChildren, price: row.price });
      }
    }
    await recordAudit(tx, actor, {
      action: 'update',
      resource: 'program-prices',
      recordId: id,
      summary: { program: program.title, offers: log },
    });
    const [fresh] = await programsWithOffers(tx, [program]);
    if (!fresh) throw notFound(PROGRAM_NOT_FOUND);
    return fresh;
  });
}

/** A page of main programs with the price of a skipped week, youngest first. */
export async function listWeekPrices(db: Database, query: ListQuery) {
  const filters: SQL[] = [];
  if (query.q) {
    const match = or(
      ilike(mainPrograms.title, likeLiteral(query.q)),
      ilike(ageGroups.title, likeLiteral(query.q)),
    );
    if (match) filters.push(match);
  }
  const where = filters.length > 0 ? and(...filters) : undefined;
  const [rows, [total]] = await Promise.all([
    weekPriceRows(db)
      .where(where)
      .orderBy(asc(ageGroups.minAge), asc(mainPrograms.id))
      .limit(query.per_page)
      .offset(offsetOf(query)),
    db
      .select({ n: count() })
      .from(mainPrograms)
      .innerJoin(ageGroups, eq(ageGroups.id, mainPrograms.ageGroupId))
      .where(where),
  ]);
  return { rows: rows.map(toWeekPrice), total: total?.n ?? 0 };
}

export async function weekPriceById(db: Database, id: number): Promise<AdminWeekPrice> {
  const [row] = await weekPriceRows(db).where(eq(mainPrograms.id, id));
  if (!row) throw notFound(PROGRAM_NOT_FOUND);
  return toWeekPrice(row);
}

export async function updateWeekPrice(
  db: Database,
  actor: AuditActor,
  id: number,
  weekPrice: number,
): Promise<AdminWeekPrice> {
  const price = weekPrice * 100;
  const row = await db.transaction(async (tx) => {
    const [before] = await tx
      .select({ weekPrice: mainPrograms.weekPrice, title: mainPrograms.title })
      .from(mainPrograms)
      .where(eq(mainPrograms.id, id))
      .for('update');
    if (!before) throw notFound(PROGRAM_NOT_FOUND);
    await tx.update(mainPrograms).set({ weekPrice: price }).where(eq(mainPrograms.id, id));
    await recordAudit(tx, actor, {
      action: 'update',
      resource: 'week-prices',
      recordId: id,
      summary: { program: before.title, week_price: [before.weekPrice, price] },
    });
    const [after] = await weekPriceRows(tx).where(eq(mainPrograms.id, id));
    if (!after) throw notFound(PROGRAM_NOT_FOUND);
    return after;
  });
  return toWeekPrice(row);
}
