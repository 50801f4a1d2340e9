import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AGE_GROUP_SLUGS, type GiftItem, type SubscriptionItem } from '@contract/api/catalog';
import { formatPrice } from '@contract/money';
import { tariffs } from '../../db/schema/index';
import { defaultSeedContent } from '../../db/seed/default-content';
import { seedDatabase } from '../../db/seed/seed';
import { createTestApp, testConfig } from '../../testing/test-app';
import { createTestDatabase, type TestDatabase } from '../../testing/test-database';

let database: TestDatabase;
let app: FastifyInstance;

beforeAll(async () => {
  database = await createTestDatabase();
  await seedDatabase({ db: database.db, config: testConfig(), content: defaultSeedContent });
  app = await createTestApp({ db: database.db });
});

afterAll(async () => {
  await app.close();
  await database.close();
});

const russian = new Intl.Collator('ru', { sensitivity: 'base' });

describe('GET /api/regions', () => {
  it('lists all 89 subjects of the Russian Federation by name', async () => {
    const res = await app.inject({ url: '/api/regions' });
    expect(res.statusCode).toBe(200);
    const { data } = res.json() as { data: { id: number; name: string; code: string }[] };
    expect(data).toHaveLength(89);
    const names = data.map((r) => r.name);
    expect(names).toEqual([...names].sort(russian.compare));
    expect(data).toContainEqual({ id: expect.any(Number), name: 'Москва', code: 'RU-MOW' });
  });
});

describe('GET /api/age-groups', () => {
  it('lists the five age groups from the youngest', async () => {
    const res = await app.inject({ url: '/api/age-groups' });
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data.map((g: { slug: string }) => g.slug)).toEqual([...AGE_GROUP_SLUGS]);
    for (const group of data) {
      expect(group.skills.length).toBeGreaterThan(0);
      expect(group.topics.length).toBeGreaterThan(0);
    }
  });
});

describe('GET /api/store/web/subscriptions', () => {
  it('lists the trial and 1, 3, 6, 12, 24 months for 1–3 children, with benefits', async () => {
    const res = await app.inject({ url: '/api/store/web/subscriptions' });
    expect(res.statusCode).toBe(200);
    const { data, meta } = res.json() as { data: SubscriptionItem[]; meta: unknown };
    expect(meta).toEqual({ current_page: 1, last_page: 1, per_page: 20, total: 16 });
    const [trial, ...paid] = data;
    expect(trial).toMatchObject({
      is_free: true,
      price: 0,
      trial_days: 7,
      benefits: { percents: 0, value: 0 },
    });
    expect(paid.map((t) => [t.amount_children, t.duration])).toEqual(
      [1, 2, 3].flatMap((c) => [1, 3, 6, 12, 24].map((d) => [c, d])),
    );
    const oneChild = (months: number) =>
      paid.find((t) => t.amount_children === 1 && t.duration === months);
    expect(oneChild(1)?.benefits).toEqual({ percents: 0, value: 0 });
    // 890 ₽ × 3 against 990 ₽ × 3.
    expect(oneChild(3)?.benefits).toEqual({ percents: 10, value: 30_000 });
    expect(oneChild(24)?.benefits).toEqual({ percents: 40, value: 960_000 });
    for (const t of paid) {
      if (t.duration > 1) expect(t.benefits.percents, t.title).toBeGreaterThan(0);
    }
  });

  it('gives an empty page past the last one', async () => {
    const res = await app.inject({ url: '/api/store/web/subscriptions?page=2' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      data: [],
      meta: { current_page: 2, last_page: 1, per_page: 20, total: 16 },
    });
  });

  it.each([
    ['0', 'Номер страницы начинается с 1'],
    ['-1', 'Номер страницы начинается с 1'],
    ['abc', 'Номер страницы должен быть числом'],
    ['1.5', 'Номер страницы должен быть целым числом'],
    ['', 'Номер страницы начинается с 1'],
    ['999999999', 'Такой страницы нет'],
  ])('refuses page=%s with 422', async (page, message) => {
    for (const url of ['/api/store/web/subscriptions', '/api/store/web/gifts']) {
      const res = await app.inject({ url: `${url}?page=${page}` });
      expect(res.statusCode, url).toBe(422);
      expect(res.json()).toEqual({
        code: 'validation_failed',
        message,
        errors: { page: [message] },
      });
    }
  });

  it('leaves out switched-off tariffs', async () => {
    await database.db.update(tariffs).set({ isActive: false }).where(eqCode('subscription-24m-3c'));
    try {
      // A change made straight in the database reaches the app's cache by NOTIFY, a moment later.
      await expect
        .poll(async () => (await app.inject({ url: '/api/store/web/subscriptions' })).json())
        .toMatchObject({ meta: { total: 15 } });
    } finally {
      await database.db
        .update(tariffs)
        .set({ isActive: true })
        .where(eqCode('subscription-24m-3c'));
    }
  });
});

describe('GET /api/store/web/gifts', () => {
  it('lists gifts by duration with the price as text', async () => {
    const res = await app.inject({ url: '/api/store/web/gifts?page=1' });
    expect(res.statusCode).toBe(200);
    const { data, meta } = res.json() as { data: GiftItem[]; meta: { total: number } };
    expect(meta.total).toBe(data.length);
    expect(data.length).toBeGreaterThan(0);
    const durations = data.map((g) => g.duration);
    expect(durations).toEqual([...durations].sort((a, b) => a - b));
    for (const gift of data) {
      expect(gift.price_text).toBe(formatPrice(gift.price));
      expect(gift.price_text).toMatch(/\u00a0₽$/);
    }
    expect(data.find((g) => g.duration === 12)?.benefits.percents).toBe(30);
  });
});

describe('GET /api/store/web/additional-programs', () => {
  it('lists each program once per number of children, locked ones included', async () => {
    const res = await app.inject({ url: '/api/store/web/additional-programs' });
    expect(res.statusCode).toBe(200);
    const { data } = res.json() as {
      data: {
        additional_program_id: number;
        amount_children: number;
        price: number;
        program: { slug: string; locked: boolean };
      }[];
    };
    const slugs = [...new Set(data.map((o) => o.program.slug))];
    expect(slugs).toEqual(defaultSeedContent.additionalPrograms.map((p) => p.slug));
    expect(data.find((o) => o.program.slug === 'road-alphabet')?.program.locked).toBe(true);
    for (const offer of data) expect(offer.price).toBeGreaterThan(0);
  });
});

function eqCode(code: string) {
  return eq(tariffs.code, code);
}
