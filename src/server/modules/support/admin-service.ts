// The rules of the back office's support queue: the list with its filter and search, and the answer —
// mailed to the address the request came from, the request marked answered and the answer audited, all in
// one transaction, so a request is never marked answered without its letter.
import { and, count, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { AdminSupportRequest, supportListQuery } from '@contract/api/admin';
import type { Database } from '../../db/client';
import { supportRequests } from '../../db/schema/index';
import { queueMail } from '../../integrations/mail/queue';
import { notFound } from '../../plugins/errors';
import { recordAudit, type AuditActor } from '../../shared/audit';
import { iso, likeLiteral, offsetOf, orderOf } from '../../shared/list';

const NOT_FOUND = 'Обращение не найдено';

type Row = typeof supportRequests.$inferSelect;
type ListQuery = z.output<typeof supportListQuery>;

const toAdmin = (row: Row): AdminSupportRequest => ({
  id: row.id,
  name: row.name,
  email: row.email,
  message: row.message,
  status: row.status,
  answer: row.answer,
  answered_at: iso(row.answeredAt),
  user_id: row.userId,
  created_at: row.createdAt.toISOString(),
});

async function findRequest(db: Database, id: number): Promise<Row> {
  const [row] = await db.select().from(supportRequests).where(eq(supportRequests.id, id));
  if (!row) throw notFound(NOT_FOUND);
  return row;
}

/** A page of requests, by status and by a part of the writer's name or address. */
export async function listSupportRequests(
  db: Database,
  query: ListQuery,
): Promise<{ rows: AdminSupportRequest[]; total: number }> {
  const filters: SQL[] = [];
  if (query.status) filters.push(eq(supportRequests.status, query.status));
  if (query.q) {
    const pattern = likeLiteral(query.q);
    const match = or(ilike(supportRequests.email, pattern), ilike(supportRequests.name, pattern));
    if (match) filters.push(match);
  }
  const where = filters.length > 0 ? and(...filters) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(supportRequests)
      .where(where)
      .orderBy(
        orderOf(
          query,
          { id: supportRequests.id, created_at: supportRequests.createdAt },
          supportRequests.id,
        ),
      )
      .limit(query.per_page)
      .offset(offsetOf(query)),
    db.select({ n: count() }).from(supportRequests).where(where),
  ]);
  return { rows: rows.map(toAdmin), total: total?.n ?? 0 };
}

export async function supportRequestById(db: Database, id: number): Promise<AdminSupportRequest> {
  return toAdmin(await findRequest(db, id));
}

/** Answering again mails again; the request keeps the last answer. */
export async function answerSupportRequest(
  db: Database,
  actor: AuditActor,
  id: number,
  answer: string,
  now: Date,
): Promise<AdminSupportRequest> {
  const row = await db.transaction(async (tx) => {
    const found = await findRequest(tx, id);
    const [updated] = await tx
      .update(supportRequests)
      .set({
        status: 'answered',
        answer,
        answeredAt: now,
        answeredBy: actor.id,
        updatedAt: now,
      })
      .where(eq(supportRequests.id, found.id))
      .returning();
    await queueMail(tx, {
      template: 'support-answer',
      to: found.email,
      data: { number: found.id, name: found.name, answer },
    });
    await recordAudit(tx, actor, {
      action: 'answer',
      resource: 'support-requests',
      recordId: found.id,
    });
    return updated ?? found;
  });
  return toAdmin(row);
}
