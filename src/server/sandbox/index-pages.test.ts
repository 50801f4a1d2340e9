// A sandbox opened directly explains itself in Russian instead of answering 404; production has none.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { PRODUCTION_ENV } from '../testing/fixtures';
import { createTestApp, testConfig } from '../testing/test-app';
import { createTestDatabase, type TestDatabase } from '../testing/test-database';

let database: TestDatabase;
let app: FastifyInstance;
const PUBLIC_URL = 'http://localhost:3103';

beforeAll(async () => {
  database = await createTestDatabase();
  app = await createTestApp({ db: database.db, config: testConfig({ PUBLIC_URL }) });
});

afterAll(async () => {
  await app.close();
  await database.close();
});

describe('sandbox pages opened directly', () => {
  it.each([
    ['/sandbox/oauth/vk', 'VK ID', 'Войти через VK ID'],
    ['/sandbox/oauth/fb', 'Facebook', 'Войти через Facebook'],
  ])(
    '%s says what it is, how the school opens it and who the test people are',
    async (url, name, button) => {
      const res = await app.inject({ url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['content-security-policy']).toMatch(/default-src 'none'/);
      expect(res.body).toContain('<html lang="ru">');
      expect(res.body).toContain(`Это песочница входа через ${name}`);
      expect(res.body).toContain(`«${button}»`);
      for (const person of ['Мария Тестова', 'Иван Примеров', 'Анна Безпочтова']) {
        expect(res.body).toContain(person);
      }
      expect(res.body).toContain(`href="${PUBLIC_URL}/"`);
    },
  );

  it.each(['/sandbox', '/sandbox/', '/sandbox/oauth'])(
    '%s lists the sandboxes with links',
    async (url) => {
      const res = await app.inject({ url });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<h1>Песочницы</h1>');
      for (const link of [
        '/sandbox/mail',
        '/sandbox/oauth/vk',
        '/sandbox/oauth/fb',
        '/sandbox/sberbank',
      ]) {
        expect(res.body).toContain(`href="${link}"`);
      }
    },
  );

  it('/sandbox/sberbank says what it is, how the school opens it and lists the test cards', async () => {
    const res = await app.inject({ url: '/sandbox/sberbank' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-security-policy']).toMatch(/default-src 'none'/);
    expect(res.body).toContain('<html lang="ru">');
    expect(res.body).toContain('Это песочница оплаты через Сбербанк');
    expect(res.body).toContain('«Оплатить»');
    for (const pan of ['5555', '2200', '4111', '0002', '0119']) expect(res.body).toContain(pan);
    expect(res.body).toContain(`href="${PUBLIC_URL}/"`);
  });

  it('leaves the Facebook page out when Facebook sign-in is off', async () => {
    const noFb = await createTestApp({
      db: database.db,
      config: testConfig({ PUBLIC_URL, FB_ENABLED: 'false' }),
    });
    try {
      expect((await noFb.inject({ url: '/sandbox/oauth/fb' })).statusCode).toBe(404);
      const list = await noFb.inject({ url: '/sandbox' });
      expect(list.body).not.toContain('href="/sandbox/oauth/fb"');
    } finally {
      await noFb.close();
    }
  });

  it('exist only in demo mode', async () => {
    const production = await createTestApp({
      db: database.db,
      config: loadConfig(PRODUCTION_ENV),
    });
    try {
      for (const url of [
        '/sandbox',
        '/sandbox/oauth',
        '/sandbox/oauth/vk',
        '/sandbox/sberbank',
        '/sandbox/sberbank/payment/rest/register.do',
        '/sandbox/sberbank/payment/merchants/sbersafe/payment_ru.html',
      ]) {
        expect((await production.inject({ url })).statusCode, url).toBe(404);
      }
    } finally {
      await production.close();
    }
  });
});
