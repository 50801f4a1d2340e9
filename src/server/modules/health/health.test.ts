import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createTestApp } from '../../testing/test-app';
import { createTestDatabase, type TestDatabase } from '../../testing/test-database';

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
      expect(res.json()).toEqual({
        message: 'База данных не отвечает',
        errors: { error: ['База данных не отвечает'] },
      });
    } finally {
      await broken.close();
      await db.close();
    }
  });
});
