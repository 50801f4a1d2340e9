// Reading the audit log, newest first. Writing to it is shared/audit.ts, in each change's own transaction.
import { count, desc } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { adminAudit } from '../../db/schema/index';
import { offsetOf, type ListQuery } from '../../shared/list';

export async function listAudit(db: Database, query: ListQuery) {
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(adminAudit)
      .orderBy(desc(adminAudit.id))
      .limit(query.per_page)
      .offset(offsetOf(query)),
    db.select({ n: count() }).from(adminAudit),
  ]);
  return {
    rows: rows.map((r) => ({
      id: r.id,
      actor_email: r.actorEmail,
      action: r.action,
      resource: r.resource,
      record_id: r.recordId,
      summary: r.summary,
      created_at: r.createdAt.toISOString(),
    })),
    total: total?.n ?? 0,
  };
}
