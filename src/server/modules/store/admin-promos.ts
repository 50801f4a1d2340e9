// Promo codes in the back office: the administrator's only, since they are money. A fixed discount is
// typed in whole roubles and kept in kopecks; a code is stored upper-case (the shop compares it so).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { asc, count, desc, eq, ilike } from 'drizzle-orm';
import { errorBody } from '@contract/api/common';
import { moscowCalendarDate } from '@contract/moscow-date';
import { adminListQuery, idParams } from '@contract/api/admin';
import {
  adminPromoResponse,
  adminPromosResponse,
  promoInput,
  type AdminPromo,
} from '@contract/api/admin-store';
import type { Database } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { promoCodes } from '../../db/schema/index';
import type { ModuleDeps } from '../../deps';
import { invalidField, notFound } from '../../plugins/errors';
import { auditActor, recordAudit } from '../admin/audit';
import { iso, likeLiteral, listMeta, offsetOf } from '../admin/list';

const PROMO_NOT_FOUND = 'Промокод не найден';
const CODE_TAKEN = 'Такой промокод уже есть';
const errors = { 401: errorBody, 403: errorBody, 404: errorBody, 422: errorBody };
const security = [{ bearer: [] }];

type Row = typeof promoCodes.$inferSelect;

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

interface Input {
  code: string;
  kind: 'percent' | 'fixed';
  value: number;
  purchase_types: Row['purchaseTypes'];
  valid_from: string | null;
  valid_until: string | null;
  max_uses: number | null;
  is_active: boolean;
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

export function promoAdminRoutes(deps: ModuleDeps): FastifyPluginAsyncZod {
  const { db } = deps;
  return async (app) => {
    const guard = app.requireStaff(['admin']);

    app.get(
      '/admin/promo-codes',
      {
        onRequest: guard,
        schema: {
          tags: ['admin'],
          summary: 'Промокоды',
          security,
          querystring: adminListQuery,
          response: { 200: adminPromosResponse, ...errors },
        },
      },
      async (request) => {
        const query = request.query;
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
        return { data: rows.map(toAdmin), meta: listMeta(query, total?.n ?? 0) };
      },
    );

    app.get(
      '/admin/promo-codes/:id',
      {
        onRequest: guard,
        schema: {
          tags: ['admin'],
          summary: 'Промокод',
          security,
          params: idParams,
          response: { 200: adminPromoResponse, ...errors },
        },
      },
      async (request) => ({ data: toAdmin(await findPromo(db, request.params.id)) }),
    );

    app.post(
      '/admin/promo-codes',
      {
        onRequest: guard,
        schema: {
          tags: ['admin'],
          summary: 'Новый промокод (фиксированная скидка — в рублях)',
          security,
          body: promoInput,
          response: { 201: adminPromoResponse, ...errors },
        },
      },
      async (request, reply) => {
        const now = deps.clock();
        const row = await db.transaction(async (tx) => {
          const [created] = await tx
            .insert(promoCodes)
            .values({ ...columns(request.body), createdAt: now, updatedAt: now })
            .returning()
            .catch(taken);
          if (!created) throw new Error('the promo insert returned no row');
          await recordAudit(tx, auditActor(request), {
            action: 'create',
            resource: 'promo-codes',
            recordId: created.id,
            summary: { code: created.code, kind: created.kind, value: created.value },
          });
          return created;
        });
        return reply.status(201).send({ data: toAdmin(row) });
      },
    );

    app.put(
      '/admin/promo-codes/:id',
      {
        onRequest: guard,
        schema: {
          tags: ['admin'],
          summary: 'Изменить промокод',
          security,
          params: idParams,
          body: promoInput,
          response: { 200: adminPromoResponse, ...errors },
        },
      },
      async (request) => {
        await findPromo(db, request.params.id);
        const now = deps.clock();
        const row = await db.transaction(async (tx) => {
          const [updated] = await tx
            .update(promoCodes)
            .set({ ...columns(request.body), updatedAt: now })
            .where(eq(promoCodes.id, request.params.id))
            .returning()
            .catch(taken);
          if (!updated) throw notFound(PROMO_NOT_FOUND);
          await recordAudit(tx, auditActor(request), {
            action: 'update',
            resource: 'promo-codes',
            recordId: updated.id,
            summary: { code: updated.code, is_active: updated.isActive },
          });
          return updated;
        });
        return { data: toAdmin(row) };
      },
    );
  };
}
