// The rules of tariffs in the back office: the administrator sets prices, titles and what the store
// offers; support reads (admin-tariffs-routes.ts). Prices are typed in whole roubles and kept in kopecks. The store reads the table on every request
// (nothing caches it), so a change shows at once; a purchase keeps the lines it was priced with, so a
// change reaches new purchases only (docs/PRODUCT.md, «Цены в магазине»).
//
// Once a tariff has been bought, gifted, tried or renews someone, its kind, months and children are what
// those families got — delivery of a paid order and activation of a certificate read them from the tariff —
// so they no longer change, and the tariff can be switched off but not deleted.
import { randomBytes } from 'node:crypto';
import type { z } from 'zod';
import { and, asc, count, desc, eq, ilike, inArray, isNull, ne, or, type SQL } from 'drizzle-orm';
import {
  MAX_TRIAL_DAYS,
  type AdminTariff,
  type tariffInput,
  type tariffsListQuery,
} from '@contract/api/admin-catalog';
import { LIST_PER_PAGE } from '@contract/constants';
import type { Database } from '../../db/client';
import {
  familySubscriptions,
  giftCertificates,
  purchases,
  subscriptionRenewals,
  tariffs,
} from '../../db/schema/index';
import { HttpError, conflict, notFound } from '../../plugins/errors';
import { recordAudit, type AuditActor } from '../../shared/audit';
import { iso, likeLiteral, offsetOf, orderOf } from '../../shared/list';

export const TARIFF_NOT_FOUND = 'Тариф не найден';
export const TRIAL_IS_FREE = 'Пробная неделя бесплатна — цену ей задать нельзя';
export const TRIAL_HAS_NO_MONTHS = 'У пробной недели нет месяцев: её длина — в днях';
export const TRIAL_IS_SUBSCRIPTION = 'Пробная неделя — это подписка, не подарок';
export const TRIAL_NEEDS_DAYS = 'Пробный период — хотя бы 1 день';
export const DAYS_ONLY_FOR_TRIAL = 'Дни пробного периода бывают только у пробной недели';
export const PAID_NEEDS_MONTHS = 'Срок — от 1 месяца';
export const PAID_NEEDS_PRICE = 'Платный тариф стоит хотя бы 1 ₽';
export const TERMS_FIXED =
  'Тариф уже покупали: вид, срок и число детей не меняются. Создайте новый тариф, а этот выключите';
export const STORE_FULL = `В магазине помещается ${LIST_PER_PAGE} тарифов одного вида: сначала выключите ненужный`;
export const SOLD_NOT_DELETED =
  'Тариф уже покупали или дарили: удалить его нельзя. Выключите его — он пропадёт из магазина';
export const SEEDED_NOT_DELETED =
  'Это тариф из начального каталога: удалённый, он вернётся при следующем запуске. Выключите его';

/** Tariffs made in the back office carry this prefix; the seed's own codes never do. */
const OWN_CODE_PREFIX = 'admin-';

type Row = typeof tariffs.$inferSelect;
type Input = z.output<typeof tariffInput>;
type ListQuery = z.output<typeof tariffsListQuery>;

interface Uses {
  sold: boolean;
  renewals: number;
}

/** Whether each tariff was ever bought or tried, and how many families renew it. */
export async function tariffUses(db: Database, ids: readonly number[]): Promise<Map<number, Uses>> {
  const uses = new Map<number, Uses>(ids.map((id) => [id, { sold: false, renewals: 0 }]));
  if (ids.length === 0) return uses;
  const list = [...ids];
  // A certificate or a renewal always follows a purchase of its tariff; a trial has only its period.
  // One query after another: `db` may be a transaction's single connection (changing or deleting a
  // tariff), where queries sent together are deprecated by node-postgres.
  const bought = await db
    .selectDistinct({ id: purchases.tariffId })
    .from(purchases)
    .where(inArray(purchases.tariffId, list));
  const periods = await db
    .selectDistinct({ id: familySubscriptions.tariffId })
    .from(familySubscriptions)
    .where(inArray(familySubscriptions.tariffId, list));
  const renewing = await db
    .select({ id: subscriptionRenewals.tariffId, n: count() })
    .from(subscriptionRenewals)
    .where(
      and(inArray(subscriptionRenewals.tariffId, list), isNull(subscriptionRenewals.cancelledAt)),
    )
    .groupBy(subscriptionRenewals.tariffId);
  for (const { id } of [...bought, ...periods]) {
    const use = id === null ? undefined : uses.get(id);
    if (use) use.sold = true;
  }
  for (const { id, n } of renewing) {
    const use = uses.get(id);
    if (use) use.renewals = n;
  }
  return uses;
}

/** Certificates name their tariff too (a purchase stands behind each, but the check costs little). */
async function hasCertificates(db: Database, id: number): Promise<boolean> {
  const [row] = await db
    .select({ id: giftCertificates.id })
    .from(giftCertificates)
    .where(eq(giftCertificates.tariffId, id))
    .limit(1);
  return row !== undefined;
}

function toAdmin(row: Row, uses: Uses | undefined): AdminTariff {
  return {
    id: row.id,
    code: row.code,
    kind: row.kind,
    title: row.title,
    duration: row.duration,
    amount_children: row.amountChildren,
    price: row.price / 100,
    is_free: row.isFree,
    trial_days: row.trialDays,
    is_active: row.isActive,
    sold: uses?.sold ?? false,
    renewals: uses?.renewals ?? 0,
    created_at: iso(row.createdAt),
    updated_at: iso(row.updatedAt),
  };
}

/** Field problems gathered so the form shows them all at once. */
class Problems {
  private readonly fields: Record<string, string[]> = {};
  add(field: string, message: string) {
    (this.fields[field] ??= []).push(message);
  }
  throwIfAny() {
    const first = Object.values(this.fields)[0]?.[0];
    if (first) throw new HttpError(422, first, { errors: this.fields });
  }
}

/** What the input says about a tariff that is (or is not) the free trial. */
function checkTerms(problems: Problems, input: Input, isFree: boolean) {
  if (isFree) {
    if (input.kind !== 'subscription') problems.add('kind', TRIAL_IS_SUBSCRIPTION);
    if (input.duration !== 0) problems.add('duration', TRIAL_HAS_NO_MONTHS);
    if (input.price !== 0) problems.add('price', TRIAL_IS_FREE);
    if (input.trial_days < 1 || input.trial_days > MAX_TRIAL_DAYS) {
      problems.add('trial_days', TRIAL_NEEDS_DAYS);
    }
  } else {
    if (input.duration < 1) problems.add('duration', PAID_NEEDS_MONTHS);
    if (input.price < 1) problems.add('price', PAID_NEEDS_PRICE);
    if (input.trial_days !== 0) problems.add('trial_days', DAYS_ONLY_FOR_TRIAL);
  }
}

/** The store shows one page of each kind: a tariff switched on beyond it would never be seen. */
async function checkRoomInStore(
  db: Database,
  problems: Problems,
  kind: Row['kind'],
  exceptId: number | null,
) {
  const [row] = await db
    .select({ n: count() })
    .from(tariffs)
    .where(
      and(
        eq(tariffs.kind, kind),
        eq(tariffs.isActive, true),
        exceptId === null ? undefined : ne(tariffs.id, exceptId),
      ),
    );
  if ((row?.n ?? 0) >= LIST_PER_PAGE) problems.add('is_active', STORE_FULL);
}

const columns = (input: Input) => ({
  kind: input.kind,
  title: input.title,
  duration: input.duration,
  amountChildren: input.amount_children,
  price: input.price * 100,
  trialDays: input.trial_days,
  isActive: input.is_active,
});

/** What changed, for the audit log: field → [before, after], prices in kopecks. */
function changes(before: Row, after: Row): Record<string, [unknown, unknown]> {
  const out: Record<string, [unknown, unknown]> = {};
  for (const key of [
    'kind',
    'title',
    'duration',
    'amountChildren',
    'price',
    'trialDays',
    'isActive',
  ] as const) {
    if (before[key] !== after[key]) out[key] = [before[key], after[key]];
  }
  return out;
}

const isForeignKeyViolation = (error: unknown): boolean => {
  for (let e: unknown = error; typeof e === 'object' && e !== null;) {
    if ('code' in e && e.code === '23503') return true;
    e = 'cause' in e ? e.cause : undefined;
  }
  return false;
};

async function findTariffRow(db: Database, id: number): Promise<Row> {
  const [row] = await db.select().from(tariffs).where(eq(tariffs.id, id));
  if (!row) throw notFound(TARIFF_NOT_FOUND);
  return row;
}

async function oneUses(db: Database, id: number): Promise<Uses> {
  const uses = (await tariffUses(db, [id])).get(id) ?? { sold: false, renewals: 0 };
  return { ...uses, sold: uses.sold || (await hasCertificates(db, id)) };
}

/** A page of tariffs; without a column to sort by, the store's own order. */
export async function listTariffs(
  db: Database,
  query: ListQuery,
): Promise<{ rows: AdminTariff[]; total: number }> {
  const filters: SQL[] = [];
  if (query.kind) filters.push(eq(tariffs.kind, query.kind));
  if (query.is_active !== undefined) filters.push(eq(tariffs.isActive, query.is_active));
  if (query.q) {
    const pattern = likeLiteral(query.q);
    const match = or(ilike(tariffs.title, pattern), ilike(tariffs.code, pattern));
    if (match) filters.push(match);
  }
  const where = filters.length > 0 ? and(...filters) : undefined;
  // The store's order: kind, the trial first, children, months.
  const order = query.sort
    ? [
        orderOf(
          query,
          {
            id: tariffs.id,
            title: tariffs.title,
            kind: tariffs.kind,
            duration: tariffs.duration,
            amount_children: tariffs.amountChildren,
            price: tariffs.price,
            is_active: tariffs.isActive,
          },
          tariffs.id,
        ),
        asc(tariffs.id),
      ]
    : [
        desc(tariffs.kind),
        desc(tariffs.isFree),
        asc(tariffs.amountChildren),
        asc(tariffs.duration),
        asc(tariffs.id),
      ];
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(tariffs)
      .where(where)
      .orderBy(...order)
      .limit(query.per_page)
      .offset(offsetOf(query)),
    db.select({ n: count() }).from(tariffs).where(where),
  ]);
  const uses = await tariffUses(
    db,
    rows.map((row) => row.id),
  );
  return { rows: rows.map((row) => toAdmin(row, uses.get(row.id))), total: total?.n ?? 0 };
}

export async function tariffById(db: Database, id: number): Promise<AdminTariff> {
  const row = await findTariffRow(db, id);
  return toAdmin(row, await oneUses(db, row.id));
}

/** A new tariff is a paid one: the free trial is the seed's, and there is only one. */
export async function createTariff(
  db: Database,
  actor: AuditActor,
  now: Date,
  input: Input,
): Promise<AdminTariff> {
  const problems = new Problems();
  checkTerms(problems, input, false);
  if (input.is_active) await checkRoomInStore(db, problems, input.kind, null);
  problems.throwIfAny();
  const code = `${OWN_CODE_PREFIX}${input.kind}-${input.duration}m-${input.amount_children}c-${randomBytes(3).toString('hex')}`;
  const row = await db.transaction(async (tx) => {
    const [created] = await tx
      .insert(tariffs)
      .values({ ...columns(input), code, isFree: false, createdAt: now, updatedAt: now })
      .returning();
    if (!created) throw new Error('the tariff insert returned no row');
    await recordAudit(tx, actor, {
      action: 'create',
      resource: 'tariffs',
      recordId: created.id,
      summary: {
        title: created.title,
        kind: created.kind,
        duration: created.duration,
        amount_children: created.amountChildren,
        price: created.price,
        is_active: created.isActive,
      },
    });
    return created;
  });
  return toAdmin(row, { sold: false, renewals: 0 });
}

export async function updateTariff(
  db: Database,
  actor: AuditActor,
  now: Date,
  id: number,
  input: Input,
): Promise<AdminTariff> {
  const { row, uses } = await db.transaction(async (tx) => {
    const [before] = await tx.select().from(tariffs).where(eq(tariffs.id, id)).for('update');
    if (!before) throw notFound(TARIFF_NOT_FOUND);
    const used = await oneUses(tx, id);
    const problems = new Problems();
    checkTerms(problems, input, before.isFree);
    if (used.sold) {
      if (input.kind !== before.kind) problems.add('kind', TERMS_FIXED);
      if (input.duration !== before.duration) problems.add('duration', TERMS_FIXED);
      if (input.amount_children !== before.amountChildren) {
        problems.add('amount_children', TERMS_FIXED);
      }
    }
    if (input.is_active && (!before.isActive || input.kind !== before.kind)) {
      await checkRoomInStore(tx, problems, input.kind, id);
    }
    problems.throwIfAny();
    const [after] = await tx
      .update(tariffs)
      .set({ ...columns(input), updatedAt: now })
      .where(eq(tariffs.id, id))
      .returning();
    if (!after) throw notFound(TARIFF_NOT_FOUND);
    await recordAudit(tx, actor, {
      action: 'update',
      resource: 'tariffs',
      recordId: id,
      summary: { title: after.title, changes: changes(before, after) },
    });
    return { row: after, uses: used };
  });
  return toAdmin(row, uses);
}

/** Only a tariff made here and never bought goes; the rest are switched off instead. */
export async function deleteTariff(
  db: Database,
  actor: AuditActor,
  id: number,
): Promise<AdminTariff> {
  const row = await db
    .transaction(async (tx) => {
      const [found] = await tx.select().from(tariffs).where(eq(tariffs.id, id)).for('update');
      if (!found) throw notFound(TARIFF_NOT_FOUND);
      if ((await oneUses(tx, id)).sold) throw conflict(SOLD_NOT_DELETED);
      if (!found.code.startsWith(OWN_CODE_PREFIX)) throw conflict(SEEDED_NOT_DELETED);
      await tx.delete(tariffs).where(eq(tariffs.id, id));
      await recordAudit(tx, actor, {
        action: 'delete',
        resource: 'tariffs',
        recordId: id,
        summary: { title: found.title, code: found.code, price: found.price },
      });
      return found;
    })
    .catch((error: unknown) => {
      // A purchase written between the check and the delete: the reference wins.
      if (isForeignKeyViolation(error)) throw conflict(SOLD_NOT_DELETED);
      throw error;
    });
  return toAdmin(row, { sold: false, renewals: 0 });
}
