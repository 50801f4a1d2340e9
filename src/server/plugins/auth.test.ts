// The request machinery every domain shares, seen from outside: private answers are never cached, a HEAD
// never runs a data-changing GET, and every error carries its stable code.
import type { FastifyInstance } from 'fastify';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { children, sessions } from '../db/schema/index';
import { DEMO_PARENT, seedDatabase } from '../db/seed/seed';
import { NO_CONTENT } from '../testing/fixtures';
import { createTestApp, testConfig } from '../testing/test-app';
import { createTestDatabase, type TestDatabase } from '../testing/test-database';

let database: TestDatabase;
let app: FastifyInstance;

beforeAll(async () => {
  database = await createTestDatabase();
  await seedDatabase({ db: database.db, config: testConfig(), content: NO_CONTENT });
  app = await createTestApp({ db: database.db });
});

afterAll(async () => {
  await app.close();
  await database.close();
});

async function signIn(): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: DEMO_PARENT.email, password: DEMO_PARENT.password },
  });
  expect(res.statusCode).toBe(200);
  return res.json().data.token;
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

describe('private answers', () => {
  it('are never stored by a browser or a shared cache', async () => {
    const token = await signIn();
    const profile = await app.inject({ url: '/api/profile/show', headers: bearer(token) });
    expect(profile.statusCode).toBe(200);
    expect(profile.headers['cache-control']).toBe('no-store');
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: DEMO_PARENT.email, password: DEMO_PARENT.password },
    });
    expect(login.headers['cache-control']).toBe('no-store');
    const refused = await app.inject({ url: '/api/profile/show' });
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['cache-control']).toBe('no-store');
  });
});

describe('GET calls that change data', () => {
  it('do not answer HEAD, so a prefetch cannot run them', async () => {
    const token = await signIn();
    const store = await app.inject({
      method: 'POST',
      url: '/api/profile/child/store',
      headers: bearer(token),
      payload: { name: 'Соня', birth_date: '2021-05-01' },
    });
    expect(store.statusCode).toBe(201);
    const childrenOf = async () =>
      (await database.db.select({ n: count() }).from(children))[0]?.n ?? 0;
    const sessionsOf = async () =>
      (await database.db.select({ n: count() }).from(sessions).where(eq(sessions.userId, 1)))[0]
        ?.n ?? 0;
    const childrenBefore = await childrenOf();
    const sessionsBefore = await sessionsOf();

    for (const url of [
      '/api/profile/deleteChildren',
      '/api/profile/deleteLessonStats',
      '/api/profile/deleteSocialData',
      '/api/profile/unbind-social-network?social_network=vk',
      '/api/auth/logout',
    ]) {
      const res = await app.inject({ method: 'HEAD', url, headers: bearer(token) });
      expect(res.statusCode, url).toBe(404);
    }
    expect(await childrenOf()).toBe(childrenBefore);
    expect(await sessionsOf()).toBe(sessionsBefore);
    // The token still works: logout did not run.
    expect(
      (await app.inject({ url: '/api/profile/show', headers: bearer(token) })).statusCode,
    ).toBe(200);
    // Reading calls keep their HEAD.
    expect((await app.inject({ method: 'HEAD', url: '/api/regions' })).statusCode).toBe(200);
  });
});

describe('error codes', () => {
  it('name each kind of failure in a stable word beside the Russian text', async () => {
    const cases: [Promise<{ statusCode: number; json: () => { code: string } }>, number, string][] =
      [
        [app.inject({ url: '/api/profile/show' }), 401, 'unauthenticated'],
        [app.inject({ url: '/api/no-such-call' }), 404, 'not_found'],
        [
          app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'x' } }),
          422,
          'validation_failed',
        ],
        [
          app.inject({
            method: 'POST',
            url: '/api/auth/login',
            payload: 'not json',
            headers: { 'content-type': 'application/json' },
          }),
          400,
          'bad_request',
        ],
        [
          app.inject({
            method: 'POST',
            url: '/api/auth/login',
            payload: 'a=b',
            headers: { 'content-type': 'application/xml' },
          }),
          415,
          'unsupported_media_type',
        ],
      ];
    for (const [pending, status, code] of cases) {
      const res = await pending;
      expect(res.statusCode).toBe(status);
      expect(res.json().code).toBe(code);
    }
    const token = await signIn();
    const again = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: bearer(token),
      payload: { email: DEMO_PARENT.email, password: DEMO_PARENT.password },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      code: 'already_authenticated',
      errors: { error: ['Already authenticated'] },
    });
  });
});
