import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { familySubscriptions, tariffs, users } from '../../db/schema/index';
import { seedDatabase } from '../../db/seed/seed';
import { defaultSeedContent } from '../../db/seed/default-content';
import { manualClock } from '../../testing/fixtures';
import { createTestApp, testConfig } from '../../testing/test-app';
import { createTestDatabase, type TestDatabase } from '../../testing/test-database';
import { bearer } from '../../testing/accounts';
import { createSession } from '../auth/service';

let database: TestDatabase;
let app: FastifyInstance;
let trialId: number;
let paidId: number;
const time = manualClock('2026-11-24T09:00:00Z');
const DAY = 24 * 60 * 60 * 1000;

beforeAll(async () => {
  database = await createTestDatabase();
  await seedDatabase({ db: database.db, config: testConfig(), content: defaultSeedContent });
  app = await createTestApp({ db: database.db, clock: time.clock });
  const rows = await database.db
    .select({ id: tariffs.id, isFree: tariffs.isFree })
    .from(tariffs)
    .where(eq(tariffs.kind, 'subscription'));
  trialId = rows.find((t) => t.isFree)?.id ?? 0;
  paidId = rows.find((t) => !t.isFree)?.id ?? 0;
});

afterAll(async () => {
  await app.close();
  await database.close();
});

let serial = 0;
async function parent() {
  const [user] = await database.db
    .insert(users)
    .values({ email: `trial-${(serial += 1)}@example.ru`, name: 'Родитель' })
    .returning();
  if (!user) throw new Error('insert failed');
  return {
    id: user.id,
    token: await createSession({ db: database.db, clock: time.clock, userId: user.id }),
  };
}

const activate = (token: string | null, payload: unknown) =>
  app.inject({
    method: 'POST',
    url: '/api/store/subscription/activate',
    payload: payload as Record<string, unknown>,
    headers: token ? bearer(token) : {},
  });

const periods = (userId: number) =>
  database.db.select().from(familySubscriptions).where(eq(familySubscriptions.userId, userId));

describe('POST /api/store/subscription/activate — the trial', () => {
  it('gives seven free days from now, without a card', async () => {
    const p = await parent();
    const res = await activate(p.token, { subscription_id: trialId });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toEqual({
      id: expect.any(Number),
      source: 'trial',
      is_free: true,
      amount_children: 1,
      starts_at: '2026-11-24T09:00:00.000Z',
      ends_at: '2026-12-01T09:00:00.000Z',
    });
  });

  it('is once per account, even after it ended', async () => {
    const p = await parent();
    expect((await activate(p.token, { subscription_id: trialId })).statusCode).toBe(201);
    const during = await activate(p.token, { subscription_id: trialId });
    expect(during.statusCode).toBe(409);
    expect(during.json().code).toBe('subscription_active');

    time.advance(8 * DAY);
    const after = await activate(p.token, { subscription_id: trialId });
    expect(after.statusCode).toBe(409);
    expect(after.json().code).toBe('trial_used');
    expect(after.json().message).toMatch(/Пробная неделя уже была/);
    expect(await periods(p.id)).toHaveLength(1);
  });

  it('gives one trial when two requests race', async () => {
    const p = await parent();
    const results = await Promise.all(
      Array.from({ length: 4 }, () => activate(p.token, { subscription_id: trialId })),
    );
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(1);
    expect(results.every((r) => [201, 409].includes(r.statusCode))).toBe(true);
    expect(await periods(p.id)).toHaveLength(1);
  });

  it('never turns paid by itself: the period simply ends', async () => {
    const p = await parent();
    await activate(p.token, { subscription_id: trialId });
    time.advance(7 * DAY);
    const profile = await app.inject({ url: '/api/profile/show', headers: bearer(p.token) });
    expect(profile.statusCode).toBe(200);
    const rows = await periods(p.id);
    expect(rows.map((r) => r.source)).toEqual(['trial']);
    expect(rows[0]?.endsAt.getTime()).toBeLessThanOrEqual(time.clock().getTime());
  });

  it('refuses a paid tariff, an unknown one and bad input, changing nothing', async () => {
    const p = await parent();
    for (const payload of [
      { subscription_id: paidId },
      { subscription_id: 999_999 },
      { subscription_id: 'один' },
      { subscription_id: -1 },
      {},
    ]) {
      const res = await activate(p.token, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(422);
      expect(res.json().errors.subscription_id?.[0]).toMatch(/тариф/);
    }
    expect(await periods(p.id)).toHaveLength(0);
  });

  it('asks a guest to sign in', async () => {
    const res = await activate(null, { subscription_id: trialId });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('unauthenticated');
  });
});
