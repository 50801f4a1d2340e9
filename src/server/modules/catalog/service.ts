import { and, asc, count, desc, eq } from 'drizzle-orm';
import { computeBenefit } from '@contract/benefit';
import type {
  AdditionalProgramItem,
  AgeGroup,
  GiftItem,
  Region,
  SubscriptionItem,
} from '@contract/api/catalog';
import type { PaginationMeta } from '@contract/api/common';
import { LIST_PER_PAGE } from '@contract/constants';
import { formatPrice } from '@contract/money';
import type { Database } from '../../db/client';
import {
  additionalProgramOffers,
  additionalPrograms,
  ageGroups,
  regions,
  tariffs,
  type TariffKind,
} from '../../db/schema/index';

// Names sort as a Russian reader expects (ё with е), whatever collation the database was created with.
const russian = new Intl.Collator('ru', { sensitivity: 'base' });

export async function listRegions({ db }: { db: Database }): Promise<Region[]> {
  const rows = await db
    .select({ id: regions.id, name: regions.name, code: regions.code })
    .from(regions);
  return rows.sort((a, b) => russian.compare(a.name, b.name));
}

export async function listAgeGroups({ db }: { db: Database }): Promise<AgeGroup[]> {
  const rows = await db.select().from(ageGroups).orderBy(asc(ageGroups.minAge), asc(ageGroups.id));
  return rows.map((row) => ({
    id: row.id,
    slug: row.slug as AgeGroup['slug'],
    title: row.title,
    min_age: row.minAge,
    max_age: row.maxAge,
    description: row.description,
    skills: row.skills,
    topics: row.topics,
  }));
}

interface Page<T> {
  data: T[];
  meta: PaginationMeta;
}

function meta(page: number, total: number, perPage = LIST_PER_PAGE): PaginationMeta {
  return {
    current_page: page,
    last_page: Math.max(1, Math.ceil(total / perPage)),
    per_page: perPage,
    total,
  };
}

/** One-month price per number of children, the base of the benefit in docs/PRODUCT.md «Product rules». */
async function monthlyPrices(db: Database, kind: TariffKind): Promise<Map<number, number>> {
  const rows = await db
    .select({ kind: tariffs.kind, amountChildren: tariffs.amountChildren, price: tariffs.price })
    .from(tariffs)
    .where(and(eq(tariffs.duration, 1), eq(tariffs.isFree, false), eq(tariffs.isActive, true)));
  const prices = new Map<number, number>();
  // A gift catalogue without a one-month gift is measured against the one-month subscription.
  for (const preferred of [false, true]) {
    for (const row of rows) {
      if ((row.kind === kind) === preferred) prices.set(row.amountChildren, row.price);
    }
  }
  return prices;
}

async function tariffPage(db: Database, kind: TariffKind, page: number) {
  const where = and(eq(tariffs.kind, kind), eq(tariffs.isActive, true));
  const order =
    kind === 'gift'
      ? // docs/PRODUCT.md «Product rules»: gift items sorted by duration.
        [asc(tariffs.duration), asc(tariffs.amountChildren), asc(tariffs.id)]
      : [desc(tariffs.isFree), asc(tariffs.amountChildren), asc(tariffs.duration), asc(tariffs.id)];
  const [rows, [{ total } = { total: 0 }], monthly] = await Promise.all([
    db
      .select()
      .from(tariffs)
      .where(where)
      .orderBy(...order)
      .limit(LIST_PER_PAGE)
      .offset((page - 1) * LIST_PER_PAGE),
    db.select({ total: count() }).from(tariffs).where(where),
    monthlyPrices(db, kind),
  ]);
  const items: SubscriptionItem[] = rows.map((row) => ({
    id: row.id,
    title: row.title,
    price: row.price,
    duration: row.duration,
    amount_children: row.amountChildren,
    is_free: row.isFree,
    trial_days: row.trialDays,
    benefits: row.isFree
      ? { percents: 0, value: 0 }
      : computeBenefit(monthly.get(row.amountChildren) ?? 0, row.duration, row.price),
  }));
  return { items, meta: meta(page, total) };
}

export async function listSubscriptions({
  db,
  page,
}: {
  db: Database;
  page: number;
}): Promise<Page<SubscriptionItem>> {
  const { items, meta } = await tariffPage(db, 'subscription', page);
  return { data: items, meta };
}

export async function listGifts({
  db,
  page,
}: {
  db: Database;
  page: number;
}): Promise<Page<GiftItem>> {
  const { items, meta } = await tariffPage(db, 'gift', page);
  return { data: items.map((item) => ({ ...item, price_text: formatPrice(item.price) })), meta };
}

export async function listAdditionalPrograms({
  db,
}: {
  db: Database;
}): Promise<AdditionalProgramItem[]> {
  const rows = await db
    .select({ offer: additionalProgramOffers, program: additionalPrograms })
    .from(additionalProgramOffers)
    .innerJoin(
      additionalPrograms,
      eq(additionalPrograms.id, additionalProgramOffers.additionalProgramId),
    )
    .where(and(eq(additionalProgramOffers.isActive, true), eq(additionalPrograms.isActive, true)))
    .orderBy(
      asc(additionalPrograms.position),
      asc(additionalPrograms.id),
      asc(additionalProgramOffers.amountChildren),
    );
  return rows.map(({ offer, program }) => ({
    id: offer.id,
    additional_program_id: program.id,
    amount_children: offer.amountChildren,
    price: offer.price,
    program: {
      id: program.id,
      slug: program.slug,
      title: program.title,
      description: program.description,
      locked: program.locked,
      icon: program.icon,
    },
  }));
}
