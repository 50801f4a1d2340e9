// The back office's first screen: what it counts, and which roles see the counts and the money.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentOrders, purchases, supportRequests, users } from '../../db/schema/index';
import { seedDatabase } from '../../db/seed/seed';
import { NO_CONTENT, manualClock } from '../../testing/fixtures';
import { staffSession } from '../../testing/staff';
import { createTestApp, testConfig } from '../../testing/test-app';
import { createTestDatabase, type TestDatabase } from '../../testing/test-database';
import { bearer } from '../../testing/accounts';

let database: TestDatabase;
let app: FastifyInstance;
const time = manualClock('2026-11-20T09:00:00Z');

beforeAll(async () => {
  database = await createTestDatabase();
  await seedDatabase({ db: database.db, config: testConfig(), content: NO_CONTENT });
  app = await createTestApp({ db: database.db, clock: time.clock });
});
afterAll(async () => {
  await app.close();
  await database.close();
});

const staff = (role: 'admin' | 'editor' | 'support') =>
  staffSession({ db: database.db, clock: time.clock }, role);

interface Counts {
  families: number;
  open_support_requests: number;
}
interface Money {
  month_revenue: number;
  payments: { date: string; amount: number }[];
}

const read = async <T>(token: string, url: string) => {
  const res = await app.inject({ url, headers: bearer(token) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: T }>().data;
};

describe('dashboard', () => {
  it('counts families, trials, paid subscriptions, this month’s takings and open requests', async () => {
    const token = await staff('admin');
    const before = await read<Counts>(token, '/api/admin/dashboard');
    const moneyBefore = await read<Money>(token, '/api/admin/dashboard/revenue');

    const [parent] = await database.db
      .insert(users)
      .values({ email: 'dashboard-parent@example.ru', role: 'parent' })
      .returning({ id: users.id });
    const [purchase] = await database.db
      .insert(purchases)
      .values({
        userId: parent?.id ?? 0,
        type: 'subscription',
        lines: [],
        amount: 199_000,
        total: 199_000,
      })
      .returning({ id: purchases.id });
    await database.db.insert(paymentOrders).values({
      purchaseId: purchase?.id ?? 0,
      userId: parent?.id ?? 0,
      orderNumber: 'dash-1',
      amount: 199_000,
      state: 'paid',
      settledAt: time.clock(),
    });
    await database.db
      .insert(supportRequests)
      .values({ name: 'Гость', email: 'guest@example.ru', message: 'Помогите, пожалуйста.' });

    const after = await read<Counts>(token, '/api/admin/dashboard');
    const money = await read<Money>(token, '/api/admin/dashboard/revenue');
    expect(after.families).toBe(before.families + 1);
    expect(after.open_support_requests).toBe(before.open_support_requests + 1);
    expect(money.month_revenue).toBe(moneyBefore.month_revenue + 199_000);
    expect(money.payments).toHaveLength(30);
    const today = money.payments.at(-1);
    expect(today?.date).toBe('2026-11-20');
    expect(today?.amount).toBeGreaterThanOrEqual(199_000);
  });

  it('shows the editor neither money nor counts; support reads both', async () => {
    const editor = await staff('editor');
    for (const url of ['/api/admin/dashboard', '/api/admin/dashboard/revenue']) {
      const res = await app.inject({ url, headers: bearer(editor) });
      expect(res.statusCode, url).toBe(403);
      expect(res.body).not.toMatch(/month_revenue|payments|families/);
    }
    const support = await staff('support');
    expect(await read<Money>(support, '/api/admin/dashboard/revenue')).toHaveProperty(
      'month_revenue',
    );
    expect(await read<Counts>(support, '/api/admin/dashboard')).not.toHaveProperty('month_revenue');
  });
});
