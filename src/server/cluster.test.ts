// Two instances of the school on one PostgreSQL and one Redis, as `npm run start:cluster` runs them: each
// with its own connection pool, Redis connection and job worker. A rate limit counted on one holds on the
// other, and a job is run by one of them only.
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { openDatabase, type DatabaseHandle } from './db/client';
import { jobs } from './db/schema/index';
import { seedDatabase } from './db/seed/seed';
import { enqueue } from './jobs/queue';
import type { JobHandlers } from './jobs/types';
import { startJobWorker } from './jobs/worker';
import { LIMITS } from './modules/auth/limits';
import { NO_CONTENT } from './testing/fixtures';
import { startAtRateWindowOpening } from './testing/rate-windows';
import { createTestApp, testConfig } from './testing/test-app';
import { createTestDatabase, type TestDatabase } from './testing/test-database';

const DATABASE_URL = process.env.TEST_DATABASE_URL;
const REDIS_URL = process.env.TEST_REDIS_URL ?? '';
const run = `${process.pid}-${Date.now()}`;

describe.skipIf(!DATABASE_URL || !REDIS_URL)('two instances on one PostgreSQL and Redis', () => {
  let database: TestDatabase;
  let second: DatabaseHandle;
  const config = testConfig({ REDIS_URL });
  const apps: FastifyInstance[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    await seedDatabase({ db: database.db, config, content: NO_CONTENT });
    // The second instance's own pool, as a second process would have.
    second = await openDatabase({ kind: 'postgres', url: database.url ?? '', poolSize: 4 });
    apps.push(await createTestApp({ db: database.db, config }));
    apps.push(await createTestApp({ db: second.db, config }));
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  afterAll(async () => {
    for (const app of apps) await app.close();
    await second?.close();
    await database?.close();
  });

  it('share the sign-in limit: wrong passwords counted on either are refused on both', async () => {
    const [a, b] = apps as [FastifyInstance, FastifyInstance];
    const email = `cluster-${run}@umnyashki.ru`;
    const wrong = (app: FastifyInstance) =>
      app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email, password: 'not-the-password' },
        remoteAddress: '192.0.2.40',
      });
    const { max, windowMs } = LIMITS.loginFailuresPerAccountAndIp;
    startAtRateWindowOpening(windowMs);
    for (let i = 0; i < max; i += 1)
      expect((await wrong(i % 2 === 0 ? a : b)).statusCode).toBe(422);
    expect((await wrong(a)).statusCode).toBe(429);
    expect((await wrong(b)).statusCode).toBe(429);
  });

  it('run each job once between them', async () => {
    const total = 40;
    const runs: { n: number; by: string }[] = [];
    const handlers = (by: string): JobHandlers => ({
      'cluster-test.count': async (payload) => {
        runs.push({ n: Number(payload.n), by });
        // Long enough that both workers are busy at once.
        await new Promise((resolve) => setTimeout(resolve, 10));
      },
    });
    for (let n = 0; n < total; n += 1) await enqueue(database.db, 'cluster-test.count', { n });
    const workers = [
      startJobWorker(
        { db: database.db, config },
        { handlers: handlers('a'), workerId: 'a', intervalMs: 20 },
      ),
      startJobWorker(
        { db: second.db, config },
        { handlers: handlers('b'), workerId: 'b', intervalMs: 20 },
      ),
    ];
    const until = Date.now() + 8000;
    while (runs.length < total && Date.now() < until) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    // Stopping waits for the jobs in hand, so a job taken twice shows up in `runs` before the check.
    for (const worker of workers) await worker.stop();

    expect(runs.map((r) => r.n).sort((x, y) => x - y)).toEqual(
      Array.from({ length: total }, (_, n) => n),
    );
    expect(new Set(runs.map((r) => r.by))).toEqual(new Set(['a', 'b']));
    const rows = await database.db.select({ status: jobs.status }).from(jobs);
    expect(rows.filter((r) => r.status === 'done')).toHaveLength(total);
  });
});
