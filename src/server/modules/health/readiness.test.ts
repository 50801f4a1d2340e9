import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { localMediaStore } from '../../integrations/storage/default-store';
import { startFrozenRedis } from '../../testing/frozen-redis';
import { createTestApp, testConfig } from '../../testing/test-app';
import { createTestDatabase, type TestDatabase } from '../../testing/test-database';
import { NOT_READY } from './readiness';

let database: TestDatabase;
let app: FastifyInstance;

beforeAll(async () => {
  database = await createTestDatabase();
  app = await createTestApp({ db: database.db });
});
afterAll(async () => {
  await app.close();
  await database.close();
});

const notReady = (res: { statusCode: number; json: () => unknown }) => {
  expect(res.statusCode).toBe(503);
  return (res.json() as { code: string; errors: Record<string, string[]> }).errors;
};

describe('GET /api/health/ready', () => {
  it('is ready when the database holds every migration and the media store takes a write', async () => {
    const res = await app.inject({ url: '/api/health/ready' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      data: {
        status: 'ready',
        checks: { database: 'ok', migrations: 'ok', redis: 'not_configured', media: 'ok' },
      },
    });
  });

  it('turns not ready the moment the instance is stopping, while liveness stays', async () => {
    const db = await createTestDatabase();
    const stopping = await createTestApp({ db: db.db });
    try {
      stopping.markStopping();
      const res = await stopping.inject({ url: '/api/health/ready' });
      expect(notReady(res)).toEqual({ stopping: [NOT_READY.stopping] });
      expect(res.headers['retry-after']).toBe('5');
      expect((await stopping.inject({ url: '/api/health' })).statusCode).toBe(200);
    } finally {
      await stopping.close();
      await db.close();
    }
  });

  it('names the database when it is gone, and the migrations when one is missing', async () => {
    const db = await createTestDatabase();
    const behind = await createTestApp({ db: db.db });
    try {
      await db.db.execute(
        sql`delete from drizzle.__drizzle_migrations where id = (select max(id) from drizzle.__drizzle_migrations)`,
      );
      const res = await behind.inject({ url: '/api/health/ready' });
      expect(notReady(res)).toEqual({ migrations: [NOT_READY.migrations] });
      await db.handle.close();
      const gone = await behind.inject({ url: '/api/health/ready' });
      expect(notReady(gone)).toEqual({ database: [NOT_READY.database] });
    } finally {
      await behind.close();
      await db.close();
    }
  });

  it('names the media store when it takes no write', async () => {
    // The check's folder cannot be made: a file stands where it would be.
    const dataDir = mkdtempSync(join(tmpdir(), 'umnyashki-ready-'));
    const media = localMediaStore(testConfig({ DATA_DIR: dataDir }));
    mkdirSync(join(dataDir, 'media'));
    writeFileSync(join(dataDir, 'media', 'readiness'), 'not a folder');
    const broken = await createTestApp({ db: database.db, media });
    try {
      const res = await broken.inject({ url: '/api/health/ready' });
      expect(notReady(res)).toEqual({ media: [NOT_READY.media] });
    } finally {
      await broken.close();
    }
  });

  it('names Redis when it is configured and refuses or hangs', async () => {
    const frozen = await startFrozenRedis();
    for (const url of ['redis://127.0.0.1:1', frozen.url]) {
      const withRedis = await createTestApp({
        db: database.db,
        config: testConfig({ REDIS_URL: url }),
      });
      try {
        const res = await withRedis.inject({ url: '/api/health/ready' });
        expect(notReady(res), url).toEqual({ redis: [NOT_READY.redis] });
      } finally {
        await withRedis.close();
      }
    }
    await frozen.close();
  });

  it.skipIf(!process.env.TEST_REDIS_URL)(
    'counts a Redis that answers (TEST_REDIS_URL)',
    async () => {
      const withRedis = await createTestApp({
        db: database.db,
        config: testConfig({ REDIS_URL: process.env.TEST_REDIS_URL ?? '' }),
      });
      try {
        const res = await withRedis.inject({ url: '/api/health/ready' });
        expect(res.json()).toMatchObject({ data: { checks: { redis: 'ok' } } });
      } finally {
        await withRedis.close();
      }
    },
  );
});
