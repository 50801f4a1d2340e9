import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client';
import { createTestApp } from '../../testing/test-app';
import { createTestDatabase, type TestDatabase } from '../../testing/test-database';
import { DATABASE_SILENT } from './routes';
import { PING_TIMEOUT_MS } from './service';

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

describe('GET /api/health', () => {
  it('answers ok while the database answers', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { status: 'ok' } });
  });

  it('carries a request id, the given one when it is sane', async () => {
    const own = await app.inject({ url: '/api/health', headers: { 'x-request-id': 'lb-123' } });
    expect(own.headers['x-request-id']).toBe('lb-123');
    const odd = await app.inject({ url: '/api/health', headers: { 'x-request-id': 'a b\nc' } });
    expect(odd.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('answers 503 in the error shape once the database is gone', async () => {
    const db = await createTestDatabase();
    const broken = await createTestApp({ db: db.db });
    await db.handle.close();
    try {
      const res = await broken.inject({ url: '/api/health' });
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toMatch(/^\d+$/);
      expect(res.json()).toEqual({
        code: 'service_unavailable',
        message: DATABASE_SILENT,
        errors: { error: [DATABASE_SILENT] },
      });
    } finally {
      await broken.close();
      await db.close();
    }
  });

  it('answers 503 after the ping timeout when the database hangs', async () => {
    // A database that takes every query and never answers.
    const hung: Database = new Proxy(database.db, {
      get: (target, key, receiver) =>
        key === 'execute'
          ? () => new Promise<never>(() => undefined)
          : Reflect.get(target, key, receiver),
    });
    const hungApp = await createTestApp({ db: hung });
    try {
      const started = Date.now();
      const res = await hungApp.inject({ url: '/api/health' });
      const took = Date.now() - started;
      expect(res.statusCode).toBe(503);
      expect(res.json().code).toBe('service_unavailable');
      expect(took).toBeGreaterThanOrEqual(PING_TIMEOUT_MS - 50);
      expect(took).toBeLessThan(PING_TIMEOUT_MS + 1000);
    } finally {
      await hungApp.close();
    }
  });
});
