import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { promoCodes, unsubscribeFeedback } from '../../db/schema/index';
import { NO_CONTENT, manualClock } from '../../testing/fixtures';
import { createTestApp, testConfig } from '../../testing/test-app';
import { createTestDatabase, type TestDatabase } from '../../testing/test-database';
import { seedDatabase } from '../../db/seed/seed';
import { bearer } from '../../testing/accounts';
import { staffSession } from '../../testing/staff';

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

const body = {
  code: 'zima500',
  kind: 'fixed',
  value: 500,
  purchase_types: ['gift'],
  valid_from: '2026-12-01',
  valid_until: '2026-12-31',
  max_uses: 50,
  is_active: true,
};

describe('promo codes in the back office', () => {
  it('creates a code in roubles and Moscow days, shown back as typed; the shop reads it in kopecks', async () => {
    const token = await staff('admin');
    const res = await app.inject({
      method: 'POST',
      url: '/api/admin/promo-codes',
      headers: bearer(token),
      payload: body,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<{ data: object }>().data).toMatchObject({
      code: 'ZIMA500',
      value: 500,
      valid_from: '2026-12-01',
      valid_until: '2026-12-31',
      used_count: 0,
    });
    const [row] = await database.db.select().from(promoCodes).where(eq(promoCodes.code, 'ZIMA500'));
    expect(row?.value).toBe(50_000);
    expect(row?.validFrom?.toISOString()).toBe('2026-11-30T21:00:00.000Z');
    expect(row?.validUntil?.toISOString()).toBe('2026-12-31T21:00:00.000Z');

    const twice = await app.inject({
      method: 'POST',
      url: '/api/admin/promo-codes',
      headers: bearer(token),
      payload: body,
    });
    expect(twice.statusCode).toBe(422);
    expect(twice.json<{ errors: Record<string, string[]> }>().errors.code?.[0]).toBe(
      'Такой промокод уже есть',
    );
  });

  it('refuses 150 % and an end before the start, in Russian', async () => {
    const token = await staff('admin');
    const res = await app.inject({
      method: 'POST',
      url: '/api/admin/promo-codes',
      headers: bearer(token),
      payload: { ...body, code: 'BAD', kind: 'percent', value: 150, valid_until: '2026-11-01' },
    });
    expect(res.statusCode).toBe(422);
    const errors = res.json<{ errors: Record<string, string[]> }>().errors;
    expect(errors.value?.[0]).toMatch(/от 1 до 100/);
    expect(errors.valid_until?.[0]).toMatch(/не раньше начала/);
  });

  it('takes a form whose empty fields are left out: no dates, no limit, every purchase', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/admin/promo-codes',
      headers: bearer(await staff('admin')),
      payload: { code: 'vesna', kind: 'percent', value: 5, valid_from: '' },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<{ data: object }>().data).toMatchObject({
      code: 'VESNA',
      purchase_types: [],
      valid_from: null,
      valid_until: null,
      max_uses: null,
      is_active: true,
    });
  });

  it('refuses days that do not exist and years no promotion runs in, changing nothing', async () => {
    const token = await staff('admin');
    for (const valid_from of ['2025-02-30', '0001-01-01', '0000-01-01', '2026-13-01']) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/admin/promo-codes',
        headers: bearer(token),
        payload: { ...body, code: `DATE${valid_from.slice(0, 4)}X`, valid_from },
      });
      expect(res.statusCode, valid_from).toBe(422);
      expect(res.json<{ errors: Record<string, string[]> }>().errors.valid_from?.[0]).toMatch(
        /Такой даты нет/,
      );
    }
  });

  it('is the administrator’s only', async () => {
    const res = await app.inject({
      url: '/api/admin/promo-codes',
      headers: bearer(await staff('editor')),
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('reasons for switching renewal off', () => {
  it('gives each reason’s share of the period', async () => {
    await database.db.insert(unsubscribeFeedback).values([
      { reason: 'expensive', createdAt: time.clock() },
      { reason: 'expensive', comment: 'Дорого для нас', createdAt: time.clock() },
      { reason: 'no-time', createdAt: time.clock() },
      { reason: 'other', createdAt: new Date('2025-01-01T00:00:00Z') },
    ]);
    const token = await staff('editor');
    const res = await app.inject({
      url: '/api/admin/unsubscribe-reasons/stats?days=30',
      headers: bearer(token),
    });
    expect(res.statusCode).toBe(200);
    const stats = res.json<{ data: { reason: string; count: number; share: number }[] }>().data;
    expect(stats.find((s) => s.reason === 'expensive')).toMatchObject({ count: 2, share: 66.7 });
    expect(stats.find((s) => s.reason === 'other')).toMatchObject({ count: 0, share: 0 });
  });

  it('gives the parents’ comments to the administrator only', async () => {
    await database.db
      .insert(unsubscribeFeedback)
      .values({ reason: 'other', comment: 'Переезжаем, позвоните маме', createdAt: time.clock() });
    for (const role of ['editor', 'support'] as const) {
      const refused = await app.inject({
        url: '/api/admin/unsubscribe-reasons?days=30',
        headers: bearer(await staff(role)),
      });
      expect(refused.statusCode, role).toBe(403);
      expect(refused.body).not.toContain('Переезжаем');
    }
    const list = await app.inject({
      url: '/api/admin/unsubscribe-reasons?days=30',
      headers: bearer(await staff('admin')),
    });
    expect(list.statusCode).toBe(200);
    expect(list.json<{ data: { title: string; comment: string | null }[] }>().data).toContainEqual(
      expect.objectContaining({ title: 'Другое', comment: 'Переезжаем, позвоните маме' }),
    );
  });
});
