// The back office's first screen, in two calls so each role gets only what it holds
// (@contract/staff-access): the counts — families, paid subscriptions and trials in force, support requests
// waiting — and the money — this month's takings and the payments of the last 30 days (by Moscow date).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { and, count, eq, gte, lte, ne, sql } from 'drizzle-orm';
import { errorBody } from '@contract/api/common';
import {
  dashboardResponse,
  dashboardRevenueResponse,
  type Dashboard,
  type DashboardRevenue,
} from '@contract/api/admin';
import { MOSCOW_TIME_ZONE, moscowCalendarDate } from '@contract/moscow-date';
import type { Database } from '../../db/client';
import { familySubscriptions, paymentOrders, supportRequests, users } from '../../db/schema/index';
import type { ModuleDeps } from '../../deps';

const CHART_DAYS = 30;
// Inlined, not a parameter: the same expression in SELECT and GROUP BY must be the same text.
const MOSCOW = sql.raw(`'${MOSCOW_TIME_ZONE}'`);
const DAY_MS = 24 * 60 * 60 * 1000;

export async function dashboard(db: Database, now: Date): Promise<Dashboard> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const inForce = and(
    lte(familySubscriptions.startsAt, now),
    sql`coalesce(${familySubscriptions.endedAt}, ${familySubscriptions.endsAt}) > ${at}`,
  );
  const [[families], [paid], [trials], [open]] = await Promise.all([
    db.select({ n: count() }).from(users).where(eq(users.role, 'parent')),
    db
      .select({ n: sql<number>`count(distinct ${familySubscriptions.userId})::int` })
      .from(familySubscriptions)
      .where(and(inForce, ne(familySubscriptions.source, 'trial'))),
    db
      .select({ n: sql<number>`count(distinct ${familySubscriptions.userId})::int` })
      .from(familySubscriptions)
      .where(and(inForce, eq(familySubscriptions.source, 'trial'))),
    db.select({ n: count() }).from(supportRequests).where(eq(supportRequests.status, 'new')),
  ]);
  return {
    families: families?.n ?? 0,
    active_subscriptions: paid?.n ?? 0,
    trials: trials?.n ?? 0,
    open_support_requests: open?.n ?? 0,
  };
}

export async function dashboardRevenue(db: Database, now: Date): Promise<DashboardRevenue> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const monthStart = sql`(date_trunc('month', ${at} at time zone ${MOSCOW}) at time zone ${MOSCOW})`;
  const firstDay = sql`((${at} at time zone ${MOSCOW})::date - ${CHART_DAYS - 1}::integer)`;
  const day = sql`(${paymentOrders.settledAt} at time zone ${MOSCOW})::date`;

  const [[revenue], days] = await Promise.all([
    db
      .select({ sum: sql<number>`coalesce(sum(${paymentOrders.amount}), 0)::int` })
      .from(paymentOrders)
      .where(and(eq(paymentOrders.state, 'paid'), gte(paymentOrders.settledAt, monthStart))),
    db
      .select({
        date: sql<string>`to_char(${day}, 'YYYY-MM-DD')`,
        amount: sql<number>`sum(${paymentOrders.amount})::int`,
        count: sql<number>`count(*)::int`,
      })
      .from(paymentOrders)
      .where(and(eq(paymentOrders.state, 'paid'), sql`${day} >= ${firstDay}`))
      .groupBy(day),
  ]);

  const byDate = new Map(days.map((d) => [d.date, d]));
  const payments: DashboardRevenue['payments'] = [];
  const today = new Date(`${moscowCalendarDate(now)}T00:00:00Z`);
  for (let back = CHART_DAYS - 1; back >= 0; back -= 1) {
    const key = new Date(today.getTime() - back * DAY_MS).toISOString().slice(0, 10);
    const found = byDate.get(key);
    payments.push({ date: key, amount: found?.amount ?? 0, count: found?.count ?? 0 });
  }
  return { month_revenue: revenue?.sum ?? 0, payments };
}

export function dashboardRoutes(deps: ModuleDeps): FastifyPluginAsyncZod {
  const response = { 401: errorBody, 403: errorBody };
  return async (app) => {
    app.get(
      '/admin/dashboard',
      {
        onRequest: app.requireStaff('family-figures'),
        schema: {
          tags: ['admin'],
          summary: 'Сводка: семьи, платные подписки, пробные недели, новые обращения',
          security: [{ bearer: [] }],
          response: { 200: dashboardResponse, ...response },
        },
      },
      async () => ({ data: await dashboard(deps.db, deps.clock()) }),
    );

    app.get(
      '/admin/dashboard/revenue',
      {
        onRequest: app.requireStaff('revenue'),
        schema: {
          tags: ['admin'],
          summary: 'Сводка: выручка месяца и платежи за 30 дней',
          security: [{ bearer: [] }],
          response: { 200: dashboardRevenueResponse, ...response },
        },
      },
      async () => ({ data: await dashboardRevenue(deps.db, deps.clock()) }),
    );
  };
}
