// Why parents switched auto-renewal off, for the back office: the answers one by one and each reason's
// share, both over the last days asked for (all time without them). Reasons are shown by their titles.
import { count, desc, gte, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { reasonStat, reasonsQuery, unsubscribeReasonEntry } from '@contract/api/admin-store';
import { UNSUBSCRIBE_REASON_TITLES, type UnsubscribeReasonCode } from '@contract/api/renewals';
import type { Database } from '../../db/client';
import { unsubscribeFeedback } from '../../db/schema/index';
import { offsetOf } from '../../shared/list';

const DAY_MS = 24 * 60 * 60 * 1000;

type ReasonsQuery = z.output<typeof reasonsQuery>;
type UnsubscribeReason = z.infer<typeof unsubscribeReasonEntry>;
type ReasonStat = z.infer<typeof reasonStat>;

const titleOf = (reason: string) =>
  UNSUBSCRIBE_REASON_TITLES[reason as UnsubscribeReasonCode] ?? reason;

const since = (days: number | undefined, now: Date) =>
  days === undefined
    ? undefined
    : gte(unsubscribeFeedback.createdAt, new Date(now.getTime() - days * DAY_MS));

/** A page of answers, newest first. */
export async function listUnsubscribeReasons(
  db: Database,
  query: ReasonsQuery,
  now: Date,
): Promise<{ rows: UnsubscribeReason[]; total: number }> {
  const where = since(query.days, now);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(unsubscribeFeedback)
      .where(where)
      .orderBy(desc(unsubscribeFeedback.id))
      .limit(query.per_page)
      .offset(offsetOf(query)),
    db.select({ n: count() }).from(unsubscribeFeedback).where(where),
  ]);
  return {
    rows: rows.map((r) => ({
      id: r.id,
      reason: r.reason,
      title: titleOf(r.reason),
      comment: r.comment,
      created_at: r.createdAt.toISOString(),
    })),
    total: total?.n ?? 0,
  };
}

/** Every reason, chosen or not, with its share in percent to a tenth. */
export async function unsubscribeReasonStats(
  db: Database,
  days: number | undefined,
  now: Date,
): Promise<ReasonStat[]> {
  const rows = await db
    .select({ reason: unsubscribeFeedback.reason, n: sql<number>`count(*)::int` })
    .from(unsubscribeFeedback)
    .where(since(days, now))
    .groupBy(unsubscribeFeedback.reason);
  const total = rows.reduce((sum, r) => sum + r.n, 0);
  const counts = new Map(rows.map((r) => [r.reason, r.n]));
  return Object.keys(UNSUBSCRIBE_REASON_TITLES).map((reason) => {
    const n = counts.get(reason as UnsubscribeReasonCode) ?? 0;
    return {
      reason,
      title: titleOf(reason),
      count: n,
      share: total === 0 ? 0 : Math.round((n / total) * 1000) / 10,
    };
  });
}
