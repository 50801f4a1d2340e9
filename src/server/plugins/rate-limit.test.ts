// Limits across instances: with REDIS_URL every instance of the school counts in one place, a restart
// forgets nothing, and a Redis that stops answering leaves each instance limiting on its own.
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { seedDatabase } from '../db/seed/seed';
import { LIMITS } from '../modules/auth/limits';
import { NO_CONTENT } from '../testing/fixtures';
import { createTestApp, testConfig } from '../testing/test-app';
import { createTestDatabase, type TestDatabase } from '../testing/test-database';
import { startFrozenRedis } from '../testing/frozen-redis';
import { startAtRateWindowOpening } from '../testing/rate-windows';
import { startTcpProxy } from '../testing/tcp-proxy';

const REDIS_URL = process.env.TEST_REDIS_URL;
const run = `${process.pid}-${Date.now()}`;

let database: TestDatabase;
const apps: FastifyInstance[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  await seedDatabase({ db: database.db, config: testConfig(), content: NO_CONTENT });
});

afterAll(async () => {
  for (const app of apps) await app.close();
  await database.close();
});

async function instance(redisUrl: string): Promise<FastifyInstance> {
  const app = await createTestApp({
    db: database.db,
    config: testConfig({ REDIS_URL: redisUrl }),
  });
  apps.push(app);
  return app;
}

function wrongLogin(app: FastifyInstance, email: string, from: string) {
  return app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password: 'not-the-password' },
    remoteAddress: from,
  });
}

const { max, windowMs } = LIMITS.loginFailuresPerAccountAndIp;

beforeEach(() => startAtRateWindowOpening(windowMs));
afterEach(() => {
  vi.useRealTimers();
});

describe('with a Redis that does not answer', () => {
  it('still limits, per instance, and answers without waiting for Redis', async () => {
    const app = await instance('redis://127.0.0.1:1');
    const email = `insured-${run}@umnyashki.ru`;
    const started = performance.now();
    const codes: number[] = [];
    for (let i = 0; i <= max; i += 1)
      codes.push((await wrongLogin(app, email, '192.0.2.10')).statusCode);
    expect(codes.slice(0, max).every((c) => c === 422)).toBe(true);
    expect(codes[max]).toBe(429);
    expect(performance.now() - started).toBeLessThan(10_000);
  });
});

/** max + 1 wrong passwords: every one answered in time, the last refused. */
async function expectLimitedInTime(app: FastifyInstance, email: string, from: string) {
  const started = performance.now();
  const codes: number[] = [];
  for (let i = 0; i <= max; i += 1) codes.push((await wrongLogin(app, email, from)).statusCode);
  expect(codes.slice(0, max).every((c) => c === 422)).toBe(true);
  expect(codes[max]).toBe(429);
  expect(performance.now() - started).toBeLessThan(10_000);
}

describe('with a Redis that froze (the socket stays open, no answer comes)', () => {
  it('counts in process after a command timeout instead of hanging', async () => {
    const frozen = await startFrozenRedis();
    try {
      const app = await instance(frozen.url);
      await expectLimitedInTime(app, `frozen-${run}@umnyashki.ru`, '192.0.2.11');
      expect(frozen.unanswered).toBeGreaterThan(0);
    } finally {
      await frozen.close();
    }
  }, 20_000);
});

describe.skipIf(!REDIS_URL)('with Redis (TEST_REDIS_URL)', () => {
  it('a Redis that freezes while in use: limits go on in process, in time', async () => {
    const target = new URL(REDIS_URL ?? '');
    const proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 6379) });
    try {
      const app = await instance(proxy.urlFor(REDIS_URL ?? ''));
      expect((await wrongLogin(app, `warm-${run}@umnyashki.ru`, '192.0.2.12')).statusCode).toBe(
        422,
      );
      proxy.freeze();
      await expectLimitedInTime(app, `freezing-${run}@umnyashki.ru`, '192.0.2.12');
    } finally {
      await proxy.close();
    }
  }, 20_000);

  it('two instances share one count', async () => {
    const [a, b] = [await instance(REDIS_URL ?? ''), await instance(REDIS_URL ?? '')];
    const email = `shared-${run}@umnyashki.ru`;
    for (let i = 0; i < max; i += 1) {
      expect((await wrongLogin(i % 2 === 0 ? a : b, email, '192.0.2.20')).statusCode).toBe(422);
    }
    expect((await wrongLogin(a, email, '192.0.2.20')).statusCode).toBe(429);
    expect((await wrongLogin(b, email, '192.0.2.20')).statusCode).toBe(429);
  });

  it('a restart keeps the count', async () => {
    const before = await instance(REDIS_URL ?? '');
    const email = `restart-${run}@umnyashki.ru`;
    for (let i = 0; i < max; i += 1) await wrongLogin(before, email, '192.0.2.30');
    await before.close();
    apps.splice(apps.indexOf(before), 1);
    const after = await instance(REDIS_URL ?? '');
    const res = await wrongLogin(after, email, '192.0.2.30');
    expect(res.statusCode).toBe(429);
    expect(res.json().code).toBe('rate_limited');
  });
});
