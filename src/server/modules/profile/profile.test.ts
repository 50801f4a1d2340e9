import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/index';
import { DEMO_PARENT, seedDatabase } from '../../db/seed/seed';
import { systemClock } from '../../deps';
import { NO_CONTENT } from '../../testing/fixtures';
import { createTestApp, testConfig } from '../../testing/test-app';
import { createTestDatabase, type TestDatabase } from '../../testing/test-database';
import { createSession } from '../auth/service';

let database: TestDatabase;
let app: FastifyInstance;
let token: string;

beforeAll(async () => {
  database = await createTestDatabase();
  await seedDatabase({ db: database.db, config: testConfig(), content: NO_CONTENT });
  app = await createTestApp({ db: database.db });
  const [parent] = await database.db.select().from(users).where(eq(users.email, DEMO_PARENT.email));
  if (!parent) throw new Error('demo parent missing');
  token = await createSession({ db: database.db, clock: systemClock, userId: parent.id });
});

afterAll(async () => {
  await app.close();
  await database.close();
});

describe('GET /api/profile/show', () => {
  it('needs a valid bearer token', async () => {
    for (const headers of [
      {},
      { authorization: 'Bearer nonsense' },
      { authorization: 'Basic abc' },
    ]) {
      const res = await app.inject({ url: '/api/profile/show', headers });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({
        message: 'Войдите в личный кабинет',
        errors: { error: ['Войдите в личный кабинет'] },
      });
    }
  });

  it('shows the SPEC §3 profile fields', async () => {
    const res = await app.inject({
      url: '/api/profile/show',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      id: expect.any(Number),
      email: DEMO_PARENT.email,
      email_verified: true,
      role: 'parent',
      name: DEMO_PARENT.name,
      surname: DEMO_PARENT.surname,
      patronymic: '',
      phone: '',
      region_id: null,
      children: [],
      subscription: null,
      playerStatus: 'locked',
    });
  });

  it('answers 401 once the account is gone', async () => {
    await database.db.delete(users).where(eq(users.email, DEMO_PARENT.email));
    const res = await app.inject({
      url: '/api/profile/show',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.statusCode).toBe(401);
  });
});
