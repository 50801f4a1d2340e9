// The HTTP shell every module lives in: error shape, 404s, headers, docs, the SPA.
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_MARK_HASH } from './http/security';
import { UNKNOWN_API_CALL } from './http/spa';
import { COMPRESSED_BODY } from './plugins/input-guard';
import { capturingLogger } from './testing/log-lines';
import { buildApp } from './app';
import { createTestApp, testConfig } from './testing/test-app';
import { createTestDatabase, type TestDatabase } from './testing/test-database';

let database: TestDatabase;
let app: FastifyInstance;
let webDir: string;

const INDEX_HTML = '<!doctype html><html><body><div id="root"></div></body></html>';

beforeAll(async () => {
  webDir = mkdtempSync(join(tmpdir(), 'umnyashki-web-'));
  mkdirSync(join(webDir, 'assets'));
  mkdirSync(join(webDir, 'media'));
  writeFileSync(join(webDir, 'index.html'), INDEX_HTML);
  writeFileSync(
    join(webDir, 'assets', 'index-abc123.js'),
    `console.log(${'"умняшки";'.repeat(300)})`,
  );
  writeFileSync(join(webDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  writeFileSync(join(webDir, 'media', 'poster.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  database = await createTestDatabase();
  app = await createTestApp({ db: database.db, webDir });
  // A route that fails the way a bug would, to see what leaks.
  app.get('/api/test/boom', async () => {
    throw new Error('connection string postgres://secret@db');
  });
  app.post('/api/test/echo', async (request) => ({ data: request.body }));
});

afterAll(async () => {
  await app.close();
  await database.close();
  rmSync(webDir, { recursive: true, force: true });
});

describe('errors', () => {
  it('answers unknown /api paths with a JSON 404 a parent can read, the details in the log', async () => {
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const res = await app.inject({ method, url: '/api/no-such-thing?x=1' });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toMatch(/application\/json/);
      expect(res.json()).toEqual({
        code: 'not_found',
        message: UNKNOWN_API_CALL,
        errors: { error: [UNKNOWN_API_CALL] },
      });
      // Nothing technical in front of a parent: no method, no path, no «API».
      expect(res.body).not.toMatch(/API|POST|GET|DELETE|\/api\/|no-such-thing/);
    }
    const { logger, lines } = capturingLogger('debug');
    const logged = await buildApp({ config: testConfig(), db: database.db, webDir, logger });
    try {
      await logged.inject({ method: 'POST', url: '/api/payments/sberbank/no-such-call' });
      const entry = lines
        .map((line) => JSON.parse(line) as Record<string, unknown>)
        .find((record) => record.msg === 'no route');
      expect(entry).toMatchObject({
        method: 'POST',
        path: '/api/payments/sberbank/no-such-call',
      });
    } finally {
      await logged.close();
    }
  });

  it('never leaks internals in a 500', async () => {
    const res = await app.inject({ url: '/api/test/boom' });
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toMatch(/secret|postgres|stack/i);
    expect(res.json()).toEqual({
      code: 'internal_error',
      message: 'Что-то пошло не так. Мы уже разбираемся',
      errors: { error: ['Что-то пошло не так. Мы уже разбираемся'] },
    });
  });

  it('answers malformed JSON with 400, not 500', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": "a@b.ru", ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.error).toEqual(['Тело запроса — некорректный JSON']);
  });

  it('answers an empty JSON body with 400', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Тело запроса пустое, а указан формат JSON');
  });

  it('answers a wrong content type with 415', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'text/xml' },
      payload: '<login/>',
    });
    expect(res.statusCode).toBe(415);
    expect(res.json().errors.error).toEqual(['Неподдерживаемый формат данных: отправьте JSON']);
  });

  it('answers a missing body with 422 and Russian field messages', async () => {
    const none = await app.inject({ method: 'POST', url: '/api/auth/login' });
    expect(none.statusCode).toBe(422);
    expect(none.json().errors.error).toEqual(['Нет данных: ожидается JSON-объект']);

    const array = await app.inject({ method: 'POST', url: '/api/auth/login', payload: [1] });
    expect(array.statusCode).toBe(422);

    const fields = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { password: 5 },
    });
    expect(fields.statusCode).toBe(422);
    expect(fields.json()).toEqual({
      code: 'validation_failed',
      message: 'Обязательное поле',
      errors: { email: ['Обязательное поле'], password: ['Ожидается текст'] },
    });
  });

  it('refuses a compressed body in Russian, whatever it holds: no client of ours sends one', async () => {
    const login = JSON.stringify({ email: 'a@example.ru', password: 'пароль' });
    const bodies = [
      ['gzip', gzipSync(login)],
      ['br', login],
      ['zstd', login],
    ] as const;
    for (const [encoding, payload] of bodies) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: { 'content-type': 'application/json', 'content-encoding': encoding },
        payload,
      });
      expect(res.statusCode, encoding).toBe(415);
      expect(res.json()).toMatchObject({
        code: 'unsupported_media_type',
        message: COMPRESSED_BODY,
      });
      expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    }
    const plain = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json', 'content-encoding': 'identity' },
      payload: login,
    });
    expect(plain.statusCode).not.toBe(415);
  });

  it('answers a malformed URL in the same shape', async () => {
    const res = await app.inject({ url: '/api/page/%E0%A4%A' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Некорректный адрес запроса');
    // It skips every hook; the headers every answer carries are still there.
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('headers', () => {
  it('sends a CSP the SPA works under with the page, and only the headers JSON needs with the API', async () => {
    const api = await app.inject({ url: '/api/health' });
    expect(api.headers['content-security-policy']).toBeUndefined();
    expect(api.headers['x-frame-options']).toBeUndefined();
    expect(api.headers['x-content-type-options']).toBe('nosniff');
    expect(api.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(api.headers['referrer-policy']).toBeUndefined();

    const res = await app.inject({ url: '/' });
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    const csp = res.headers['content-security-policy'];
    expect(csp).toContain("default-src 'self'");
    // No analytics counter or captcha is configured here, so no foreign host may run scripts; inline,
    // only the session mark, by its hash.
    expect(csp).toContain(`script-src 'self' ${SESSION_MARK_HASH};`);
    expect(csp).toContain("style-src 'self' 'unsafe-inline'");
    expect(csp).toContain("img-src 'self' data: blob:");
    expect(csp).toContain("media-src 'self' blob:");
    expect(csp).toContain("frame-ancestors 'self'");
    expect(csp).not.toContain('upgrade-insecure-requests');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['strict-transport-security']).toBeUndefined();
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });

  it('leaves a header a route set itself: the OAuth callback sends its code and state to nobody', async () => {
    const res = await app.inject({ url: '/api/auth/vk-oauth/callback?code=c0de&state=s7a7e' });
    expect(res.statusCode).toBe(302);
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('compresses what is worth compressing', async () => {
    const res = await app.inject({ url: '/api/docs/json', headers: { 'accept-encoding': 'gzip' } });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(res.rawPayload).toString()).openapi).toBe('3.0.3');
  });
});

describe('OpenAPI', () => {
  it('describes every route of the API at /api/docs/json', async () => {
    const res = await app.inject({ url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/health',
        '/api/public-config',
        '/api/landing-data',
        '/api/page/{slug}',
        '/api/admin/instruction',
        '/api/regions',
        '/api/age-groups',
        '/api/store/web/subscriptions',
        '/api/store/web/gifts',
        '/api/store/web/additional-programs',
        '/api/auth/login',
        '/api/auth/logout',
        '/api/auth/usertoken',
        '/api/profile/show',
      ]),
    );
    expect(Object.keys(doc.paths).some((p) => p.startsWith('/api/docs'))).toBe(false);
    expect(doc.paths['/api/store/web/gifts'].get.parameters[0].name).toBe('page');
  });

  it('serves the UI at /api/docs', async () => {
    const res = await app.inject({ url: '/api/docs' });
    const page =
      res.statusCode === 302 ? await app.inject({ url: res.headers.location as string }) : res;
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).toContain('swagger');
  });
});

describe('the SPA', () => {
  it('serves index.html without caching at / and for every other page path', async () => {
    for (const url of [
      '/',
      '/programs/main-program/two-three',
      '/personal/profile?usertoken=x',
      '/404',
      '/gift',
    ]) {
      const res = await app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toBe(INDEX_HTML);
    }
  });

  it('caches hashed assets for a year', async () => {
    const res = await app.inject({ url: '/assets/index-abc123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('serves other root files normally', async () => {
    for (const url of ['/favicon.svg', '/media/poster.svg']) {
      const res = await app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control']).not.toContain('immutable');
    }
  });

  it('does not answer a missing asset with index.html', async () => {
    const res = await app.inject({ url: '/assets/gone-123.js' });
    expect(res.statusCode).toBe(404);
  });

  it('keeps /sandbox paths and non-GET requests out of the fallback', async () => {
    expect((await app.inject({ url: '/sandbox/nothing' })).statusCode).toBe(404);
    const post = await app.inject({ method: 'POST', url: '/programs' });
    expect(post.statusCode).toBe(404);
    expect(post.headers['content-type']).toMatch(/application\/json/);
  });

  it('answers HEAD like GET', async () => {
    const res = await app.inject({ method: 'HEAD', url: '/about' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
  });
});

describe('without a build', () => {
  it('says how to build instead of a blank page', async () => {
    const bare = await createTestApp({ db: database.db });
    try {
      const res = await bare.inject({ url: '/' });
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('Интерфейс не собран: выполните npm run build');
      expect((await bare.inject({ url: '/api/health' })).statusCode).toBe(200);
    } finally {
      await bare.close();
    }
  });
});
