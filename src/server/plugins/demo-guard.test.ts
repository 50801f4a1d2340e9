import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testConfig } from '../testing/test-app';
import { createTestDatabase, type TestDatabase } from '../testing/test-database';

let database: TestDatabase;
let demo: FastifyInstance;
let stand: FastifyInstance;

beforeAll(async () => {
  database = await createTestDatabase();
  demo = await createTestApp({ db: database.db });
  stand = await createTestApp({
    db: database.db,
    config: testConfig({ DEMO: 'true', ADMIN_PASSWORD: 'stand-operator-password' }),
  });
});

afterAll(async () => {
  await demo.close();
  await stand.close();
  await database.close();
});

const get = (app: FastifyInstance, headers: Record<string, string>) =>
  app.inject({ method: 'GET', url: '/api/health', headers });

describe('the demo on this machine', () => {
  it('answers requests addressed to this machine', async () => {
    for (const host of ['localhost:3000', '127.0.0.1:3000', '[::1]:3000', 'localhost']) {
      expect((await get(demo, { host })).statusCode, host).toBe(200);
    }
  });

  it('refuses another host name with a Russian 403 (a tunnel, a rebinding page)', async () => {
    for (const host of ['umnyashki.example', 'abcd.ngrok.app', '192.168.1.5:3000']) {
      const res = await get(demo, { host });
      expect(res.statusCode, host).toBe(403);
      expect(res.json()).toMatchObject({
        code: 'forbidden',
        message: expect.stringContaining('Демо-режим работает только на этом компьютере'),
      });
    }
  });

  it('refuses requests a proxy forwarded, even to localhost', async () => {
    for (const header of [
      'x-forwarded-for',
      'forwarded',
      'x-forwarded-host',
      'x-real-ip',
      'via',
      'x-forwarded-server',
      'cf-connecting-ip',
    ]) {
      const res = await get(demo, { host: 'localhost:3000', [header]: '203.0.113.9' });
      expect(res.statusCode, header).toBe(403);
      expect(res.json().code).toBe('forbidden');
    }
  });

  it('guards the sandboxes and pages too, not only the API', async () => {
    const res = await demo.inject({
      method: 'GET',
      url: '/sandbox/mail',
      headers: { host: 'shared.example' },
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('a public demo stand (DEMO=true)', () => {
  it('serves other hosts and proxies: its operator opened it on purpose', async () => {
    expect(
      (await get(stand, { host: 'demo.umnyashki.ru', 'x-forwarded-for': '203.0.113.9' }))
        .statusCode,
    ).toBe(200);
  });
});
