// The rules of promo codes in the back office: a fixed discount is typed in whole roubles and kept in
// kopecks, validity days are Moscow days, a code is unique. Every change is audited in its own transaction.
import { asc, count, desc, eq, ilike } from 'drizzle-orm';
import type { z } from 'zod';
import { moscowCalendarDate } from '@contract/moscow-date';
import type { adminListQuery } from '@contract/api/admin';
import type { AdminPromo, promoInput } from '@contract/api/admin-store';
import type { Database } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { promoCodes } from '../../db/schema/index';
import { invalidField, notFound } from '../../plugins/errors';
import { recordAudit, type AuditActor } from '../../shared/audit';
import { iso, likeLiteral, offsetOf } from '../../shared/list';

const PROMO_NOT_FOUND = 'Промокод не найден';
const CODE_TAKEN = 'Такой промокод уже есть';

type Row = typeof promoCodes.$inferSelect;
type ListQuery = z.output<typeof adminListQuery>;
type Input = z.output<typeof promoInput>;

/** The Moscow day of a moment: what the form shows and takes. */
const day = (date: Date | null) => (date ? moscowCalendarDate(date) : null);

function toAdmin(row: Row): AdminPromo {
  return {
    id: row.id,
    code: row.code,
    kind: row.kind,
    value: row.kind === 'fixed' ? Math.round(row.value / 100) : row.value,
    purchase_types: row.purchaseTypes,
    valid_from: day(row.validFrom),
    // Stored as the first moment after the last valid day (Moscow midnight); shown as that last day.
    valid_until: day(row.validUntil ? new Date(row.validUntil.getTime() - 1) : null),
    max_uses: row.maxUses,
    used_count: row.usedCount,
    is_active: row.isActive,
    created_at: iso(row.createdAt) ?? '',
  };
}

/** Days are Moscow days: from 00:00 of the first to 24:00 of the last. */
const moscowMidnight = (date: string, plusDays = 0) =>
  new Date(Date.parse(`${date}T00:00:00+03:00`) + plusDays * 24 * 60 * 60 * 1000);

const columns = (input: Input) => ({
  code: input.code,
  kind: input.kind,
  value: input.kind === 'fixed' ? input.value * 100 : input.value,
  purchaseTypes: input.purchase_types,
  validFrom: input.valid_from ? moscowMidnight(input.valid_from) : null,
  validUntil: input.valid_until ? moscowMidnight(input.valid_until, 1) : null,
  maxUses: input.max_uses,
  isActive: input.is_active,
});

const taken = (error: unknown) => {
  if (isUniqueViolation(error)) throw invalidField('code', CODE_TAKEN);
  throw error;
};

async function findPromo(db: Database, id: number): Promise<Row> {
  const [row] = await db.select().from(promoCodes).where(eq(promoCodes.id, id));
  if (!row) throw notFound(PROMO_NOT_FOUND);
  return row;
}

/** A page of promo codes, newest first unless asked otherwise, found by a part of the code. */
export async function listPromos(
  db: Database,
  query: ListQuery,
): Promise<{ rows: AdminPromo[]; total: number }> {
  const where = query.q ? ilike(promoCodes.code, likeLiteral(query.q)) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(promoCodes)
      .where(where)
      .orderBy(query.order === 'ASC' ? asc(promoCodes.id) : desc(promoCodes.id))
      .limit(query.per_page)
      .offset(offsetOf(query)),
    db.select({ n: count() }).from(promoCodes).where(where),
  ]);
  return { rows: rows.map(toAdmin), total: total?.n ?? 0 };
}

export async function promoById(db: Database, id: number): Promise<AdminPromo> {
  return toAdmin(await findPromo(db, id));
}

export async function createPromo(
  db: Database,
  actor: AuditActor,
  input: Input,
  now: Date,
): Promise<AdminPromo> {
  const row = await db.transaction(async (tx) => {
    const [created] = await tx
      .insert(promoCodes)
      .values({ ...columns(input), createdAt: now, updatedAt: now })
      .returning()
      .catch(taken);
    if (!created) throw new Error('the promo insert returned no row');
    await recordAudit(tx, actor, {
      action: 'create',
      resource: 'promo-codes',
      recordId: created.id,
      summary: { code: created.code, kind: created.kind, value: created.value },
    });
    return created;
  });
  return toAdmin(row);
}

export async function updatePromo(
  db: Database,
  actor: AuditActor,
  id: number,
  input: Input,
  now: Date,
): Promise<AdminPromo> {
  await findPromo(db, id);
  const row = await db.transaction(async (tx) => {
    const [updated] = await tx
      .update(promoCodes)
      .set({ ...columns(input), updatedAt: now })
      .where(eq(promoCodes.id, id))
      .returning()
      .catch(taken);
    if (!updated) throw notFound(PROMO_NOT_FOUND);
    await recordAudit(tx, actor, {
      action: 'update',
      resource: 'promo-codes',
      recordId: updated.id,
      summary: { code: updated.code, is_active: updated.isActive },
    });
    return updated;
  });
  return toAdmin(row);
}
