import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRODUCTION_ENV } from '../../testing/fixtures';
import { createTestApp, testConfig } from '../../testing/test-app';
import { createTestDatabase, type TestDatabase } from '../../testing/test-database';

let database: TestDatabase;
const apps: FastifyInstance[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await Promise.all(apps.map((a) => a.close()));
  await database.close();
});

async function publicConfig(env: Record<string, string> = {}) {
  const app = await createTestApp({ db: database.db, config: testConfig(env) });
  apps.push(app);
  const res = await app.inject({ url: '/api/public-config' });
  expect(res.statusCode).toBe(200);
  return res.json().data;
}

describe('GET /api/public-config', () => {
  it('tells the demo SPA what it needs, with captcha and analytics off', async () => {
    expect(await publicConfig()).toEqual({
      app_store_url: 'https://apps.apple.com/app/id1000000000',
      play_store_url: 'https://play.google.com/store/apps/details?id=ru.umnyashki.app',
      metrika_counter_id: null,
      recaptcha_site_key: null,
      fb_enabled: true,
      vk_enabled: true,
      social_links: expect.arrayContaining([
        { network: 'vk', title: 'ВКонтакте', url: 'https://vk.com/umnyashki' },
      ]),
      support_email: 'help@umnyashki.ru',
      sandbox: true,
      demo: true,
    });
  });

  it('says demo mode is on for a public demo stand, and off in production', async () => {
    expect(
      await publicConfig({
        HOST: '0.0.0.0',
        DEMO: 'true',
        ADMIN_PASSWORD: 'stand-operator-password',
      }),
    ).toMatchObject({
      demo: true,
      sandbox: true,
    });
    const production = await publicConfig({
      ...PRODUCTION_ENV,
    });
    expect(production).toMatchObject({ demo: false, sandbox: false });
  });

  it('passes configured keys and links on, never a secret', async () => {
    const data = await publicConfig({
      RECAPTCHA_SITE_KEY: 'site-key',
      RECAPTCHA_SECRET: 'very-secret',
      METRIKA_COUNTER_ID: '12345678',
      APP_STORE_URL: 'https://apps.apple.com/app/id123',
      FB_ENABLED: 'false',
    });
    expect(data).toMatchObject({
      recaptcha_site_key: 'site-key',
      metrika_counter_id: '12345678',
      app_store_url: 'https://apps.apple.com/app/id123',
      fb_enabled: false,
    });
    expect(JSON.stringify(data)).not.toContain('very-secret');
  });
});
