// Facebook specifics: switched off by configuration, and the data-deletion callback with its status page.
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fbDeletionRequests, socialAccounts } from '../../db/schema/index';
import { seedDatabase } from '../../db/seed/seed';
import { NO_CONTENT } from '../../testing/fixtures';
import { createTestApp, testConfig } from '../../testing/test-app';
import { createTestDatabase, type TestDatabase } from '../../testing/test-database';
import { signRequest } from '../../integrations/oauth/signed-request';
import { FORGED_SIGNED_REQUEST, STALE_SIGNED_REQUEST } from './fb-deletion';
import { FB_DELETION_UNAVAILABLE, FB_DISABLED } from './routes';
import { createBrowser, listeningApp, type ListeningApp } from '../../testing/oauth-browser';

let database: TestDatabase;
let server: ListeningApp;
let browser: ReturnType<typeof createBrowser>;
let disabled: FastifyInstance;

beforeAll(async () => {
  database = await createTestDatabase();
  await seedDatabase({ db: database.db, config: testConfig(), content: NO_CONTENT });
  server = await listeningApp({ db: database.db });
  browser = createBrowser(server.base);
  disabled = await createTestApp({ db: database.db, config: testConfig({ FB_ENABLED: 'false' }) });
});

afterAll(async () => {
  await disabled.close();
  await server.app.close();
  await database.close();
});

const IVAN_FB_ID = '10000000000000002';

function deletionRequest(signedRequest: string) {
  return fetch(`${server.base}/api/auth/fb/data-deletion`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ signed_request: signedRequest }).toString(),
  });
}

const payload = (userId: string) => ({
  algorithm: 'HMAC-SHA256',
  issued_at: Math.floor(Date.now() / 1000),
  user_id: userId,
});

describe('Facebook switched off (FB_ENABLED=false)', () => {
  it('offers no Facebook sign-in and says so in Russian; VK stays', async () => {
    const start = await disabled.inject({ url: '/api/auth/fb-oauth' });
    expect(start.statusCode).toBe(404);
    expect(start.json()).toEqual({
      code: 'not_found',
      message: FB_DISABLED,
      errors: { error: [FB_DISABLED] },
    });
    const callback = await disabled.inject({ url: '/api/auth/fb-oauth/callback?code=x&state=y' });
    expect(callback.statusCode).toBe(302);
    expect(callback.headers.location).toBe('/?social_error=disabled');
    const config = await disabled.inject({ url: '/api/public-config' });
    expect(config.json().data).toMatchObject({ fb_enabled: false, vk_enabled: true });
    expect((await disabled.inject({ url: '/api/auth/vk-oauth' })).statusCode).toBe(200);
  });

  it('has no data-deletion callback without real Facebook credentials', async () => {
    const res = await disabled.inject({
      method: 'POST',
      url: '/api/auth/fb/data-deletion',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `signed_request=${signRequest(payload('1'), testConfig().fb.clientSecret)}`,
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(FB_DELETION_UNAVAILABLE);
  });
});

describe('POST /api/auth/fb/data-deletion', () => {
  it('erases the link of a correctly signed request and gives a readable status page', async () => {
    await browser.signUp('fb', { person: 'ivan' });
    const before = await database.db
      .select()
      .from(socialAccounts)
      .where(eq(socialAccounts.providerUserId, IVAN_FB_ID));
    expect(before).toHaveLength(1);

    const res = await deletionRequest(
      signRequest(payload(IVAN_FB_ID), server.config.fb.clientSecret),
    );
    expect(res.status).toBe(200);
    const body = (await res.json()) as { url: string; confirmation_code: string };
    expect(body.confirmation_code).toMatch(/^[0-9A-F]{16}$/);
    expect(body.url).toBe(`${server.base}/data-deletion/${body.confirmation_code}`);
    expect(
      await database.db
        .select()
        .from(socialAccounts)
        .where(eq(socialAccounts.providerUserId, IVAN_FB_ID)),
    ).toEqual([]);
    // The record keeps no Facebook id, only proof that the request was handled.
    const [record] = await database.db
      .select()
      .from(fbDeletionRequests)
      .where(eq(fbDeletionRequests.confirmationCode, body.confirmation_code));
    expect(record?.fbUserId).not.toContain(IVAN_FB_ID);

    const page = await fetch(body.url);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    const html = await page.text();
    expect(html).toContain('Данные из Facebook удалены');
    expect(html).toContain(body.confirmation_code);
    expect(html).toContain('Выполнено');

    const unknown = await fetch(`${server.base}/data-deletion/0000000000000000`);
    expect(unknown.status).toBe(404);
    expect(await unknown.text()).toContain('Запрос на удаление не найден');
    const garbage = await fetch(`${server.base}/data-deletion/%3Cscript%3E`);
    expect(garbage.status).toBe(404);
    expect(await garbage.text()).not.toContain('<script>');
  });

  it('answers a request for someone never linked the same way (nothing to erase)', async () => {
    const res = await deletionRequest(signRequest(payload('999'), server.config.fb.clientSecret));
    expect(res.status).toBe(200);
  });

  it('refuses forged, tampered and malformed requests and erases nothing', async () => {
    await browser.enter('fb', { person: 'maria' });
    const secret = server.config.fb.clientSecret;
    const genuine = signRequest(payload('10000000000000001'), secret);
    const [signature] = genuine.split('.');
    const tampered = `${signature}.${Buffer.from(JSON.stringify(payload('10000000000000003'))).toString('base64url')}`;
    const attempts = [
      signRequest(payload('10000000000000001'), 'not-the-app-secret'),
      tampered,
      signRequest({ ...payload('10000000000000001'), algorithm: 'none' }, secret),
      'no-dot-at-all',
      '.',
      `${signature}.not json`,
    ];
    for (const attempt of attempts) {
      const res = await deletionRequest(attempt);
      expect(res.status, attempt).toBe(422);
      expect(((await res.json()) as { errors: unknown }).errors).toEqual({
        signed_request: [FORGED_SIGNED_REQUEST],
      });
    }
    const missing = await fetch(`${server.base}/api/auth/fb/data-deletion`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: '',
    });
    expect(missing.status).toBe(422);
    expect(
      await database.db
        .select()
        .from(socialAccounts)
        .where(eq(socialAccounts.providerUserId, '10000000000000001')),
    ).toHaveLength(1);
  });

  it('refuses a genuine request issued over 10 minutes ago or in the future: no replays', async () => {
    await browser.enter('fb', { person: 'maria' });
    const secret = server.config.fb.clientSecret;
    const now = Math.floor(Date.now() / 1000);
    const issuedAt = (at: unknown) =>
      signRequest({ ...payload('10000000000000001'), issued_at: at }, secret);
    for (const at of [now - 11 * 60, now + 10 * 60, 'yesterday', undefined]) {
      const res = await deletionRequest(issuedAt(at));
      expect(res.status, String(at)).toBe(422);
      expect(((await res.json()) as { errors: unknown }).errors).toEqual({
        signed_request: [STALE_SIGNED_REQUEST],
      });
    }
    expect(
      await database.db
        .select()
        .from(socialAccounts)
        .where(eq(socialAccounts.providerUserId, '10000000000000001')),
    ).toHaveLength(1);
    expect((await deletionRequest(issuedAt(now - 9 * 60))).status).toBe(200);
  });
});
