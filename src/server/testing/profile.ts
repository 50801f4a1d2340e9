// Test kit for the profile test files: the school's app on a database seeded with two regions, parents made
// the ways a family gets an account (the sign-up form, a VK ID sign-in without a password) and the profile
// calls as the parent's browser makes them. The profile tests are split by topic and share all of it.
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import type { Config } from '../config';
import { socialAccounts, users } from '../db/schema/index';
import { seedDatabase } from '../db/seed/seed';
import { createSession } from '../modules/auth/index';
import { bearer } from './accounts';
import { NO_CONTENT, manualClock } from './fixtures';
import { createTestApp, testConfig } from './test-app';
import { createTestDatabase, type TestDatabase } from './test-database';

/** Registers beforeAll/afterAll for a fresh app and database; call at the top of a test file. */
export function useProfileApp() {
  let started: { database: TestDatabase; config: Config; app: FastifyInstance } | undefined;
  const get = () => {
    if (!started) throw new Error('the profile app starts in beforeAll');
    return started;
  };
  const time = manualClock();
  let address = 0;
  let serial = 0;

  beforeAll(async () => {
    const database = await createTestDatabase();
    const config = testConfig();
    await seedDatabase({
      db: database.db,
      config,
      content: {
        ...NO_CONTENT,
        regions: [
          { name: 'Москва', code: 'RU-MOW' },
          { name: 'Тверская область', code: 'RU-TVE' },
        ],
      },
    });
    const app = await createTestApp({ db: database.db, config, clock: time.clock });
    started = { database, config, app };
  });

  afterAll(async () => {
    await started?.app.close();
    await started?.database.close();
  });

  // Each test posts from its own address, so the per-address limits bite only where a test wants them.
  beforeEach(() => {
    address += 1;
  });

  return {
    /** Set in beforeAll: read inside hooks and tests, not at the top of a file. */
    get database() {
      return get().database;
    },
    get app() {
      return get().app;
    },
    get config() {
      return get().config;
    },
    /** This test's own number (see `post`), for a test that posts from elsewhere in the same block. */
    get address() {
      return address;
    },
    /** The number of the last parent made (in their address and social id). */
    get serial() {
      return serial;
    },
    time,
    deps: () => ({ db: get().database.db, config: get().config, clock: time.clock }),

    /** A new parent through the API: token, id and the password. */
    async parent(password = 'пароль-родителя') {
      const email = `profile-${(serial += 1)}@example.ru`;
      const res = await get().app.inject({
        method: 'POST',
        url: '/api/auth/register',
        payload: {
          email,
          password,
          name: 'Елена',
          consent_personal_data: true,
          consent_mailing: true,
        },
        remoteAddress: `198.18.1.${serial}`,
      });
      expect(res.statusCode).toBe(201);
      const { db } = get().database;
      const [user] = await db.select().from(users).where(eq(users.email, email));
      if (!user) throw new Error('not registered');
      return { email, password, id: user.id, token: res.json().data.token as string };
    },

    /** A parent who signed up through VK ID and never set a password. */
    async socialParent() {
      const email = `vk-${(serial += 1)}@example.ru`;
      const { db } = get().database;
      const [user] = await db
        .insert(users)
        .values({ email, name: 'Пётр', emailVerifiedAt: time.clock() })
        .returning();
      if (!user) throw new Error('insert failed');
      await db
        .insert(socialAccounts)
        .values({ userId: user.id, provider: 'vk', providerUserId: `vk-${serial}` });
      const token = await createSession({ db, clock: time.clock, userId: user.id });
      return { email, id: user.id, token };
    },

    show: (token: string) => get().app.inject({ url: '/api/profile/show', headers: bearer(token) }),

    post: (url: string, token: string | null, payload: unknown) =>
      get().app.inject({
        method: 'POST',
        url,
        payload: payload as Record<string, unknown>,
        headers: token ? bearer(token) : {},
        remoteAddress: `100.64.0.${address}`,
      }),
  };
}
