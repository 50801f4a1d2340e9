import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runDueJobs } from '../jobs/runner';
import { queueMail } from '../integrations/mail/queue';
import { createTestApp, testConfig } from '../testing/test-app';
import { createTestDatabase, type TestDatabase } from '../testing/test-database';

let database: TestDatabase;
let app: FastifyInstance;
const PUBLIC_URL = 'https://umnyashki.example';
const config = testConfig({ PUBLIC_URL });
const form = { 'content-type': 'application/x-www-form-urlencoded' };

beforeAll(async () => {
  database = await createTestDatabase();
  app = await createTestApp({ db: database.db, config });
  await queueMail(database.db, {
    template: 'confirmation',
    to: 'mama@example.ru',
    data: { name: 'Анна', url: `${PUBLIC_URL}/confirmed?verified_token=tok` },
  });
  await runDueJobs({ db: database.db, config });
});

afterAll(async () => {
  await app.close();
  await database.close();
});

const call = (options: InjectOptions) => app.inject(options);

/** A code of the VK ID sandbox, through its consent form, for the token calls below. */
async function vkCode(): Promise<string> {
  const res = await call({
    method: 'POST',
    url: '/sandbox/oauth/vk/authorize',
    headers: form,
    payload: new URLSearchParams({
      client_id: config.vk.clientId,
      redirect_uri: `${PUBLIC_URL}/api/auth/vk-oauth/callback`,
      response_type: 'code',
      state: 'state-1',
      code_challenge: 'A'.repeat(43),
      code_challenge_method: 'S256',
      decision: 'allow',
      person: 'maria',
    }).toString(),
  });
  expect(res.statusCode).toBe(302);
  return new URL(String(res.headers.location)).searchParams.get('code') ?? '';
}

/** An access token of the Facebook sandbox: consent, then the code exchanged. */
async function fbAccessToken(): Promise<string> {
  const redirect = `${PUBLIC_URL}/api/auth/fb-oauth/callback`;
  const consent = await call({
    method: 'POST',
    url: '/sandbox/oauth/fb/dialog',
    headers: form,
    payload: new URLSearchParams({
      client_id: config.fb.clientId,
      redirect_uri: redirect,
      response_type: 'code',
      state: 'state-2',
      scope: 'email',
      decision: 'allow',
      person: 'ivan',
    }).toString(),
  });
  const code = new URL(String(consent.headers.location)).searchParams.get('code') ?? '';
  const query = new URLSearchParams({
    client_id: config.fb.clientId,
    client_secret: config.fb.clientSecret,
    redirect_uri: redirect,
    code,
  });
  const res = await call({ url: `/sandbox/oauth/fb/graph/oauth/access_token?${query}` });
  expect(res.statusCode).toBe(200);
  return res.json().access_token as string;
}

describe('the OAuth sandbox providers', () => {
  it('VK ID token call: a code that is not text is an invalid grant, not a 500', async () => {
    for (const code of [5, ['a', 'b'], { a: 1 }, null, true]) {
      const res = await call({
        method: 'POST',
        url: '/sandbox/oauth/vk/oauth2/auth',
        payload: { grant_type: 'authorization_code', code },
      });
      expect(res.statusCode, JSON.stringify(code)).toBe(400);
      expect(res.json()).toEqual({
        error: 'invalid_grant',
        error_description: 'code is invalid or expired',
      });
    }
  });

  it('VK ID token call: other odd bodies get the provider’s 4xx', async () => {
    const bodies: InjectOptions[] = [
      { payload: '[1,2]', headers: { 'content-type': 'application/json' } },
      { payload: 'null', headers: { 'content-type': 'application/json' } },
      { payload: '"text"', headers: { 'content-type': 'application/json' } },
      { payload: '{"grant_type":', headers: { 'content-type': 'application/json' } },
      { payload: 'just text', headers: { 'content-type': 'text/plain' } },
      { payload: `grant_type=authorization_code&code=a&code=b`, headers: form },
      { payload: `grant_type=authorization_code&code=${'a'.repeat(20_000)}`, headers: form },
      { payload: `grant_type=authorization_code&code=%00`, headers: form },
      { payload: { grant_type: ['authorization_code'] } },
    ];
    for (const body of bodies) {
      const res = await call({ method: 'POST', url: '/sandbox/oauth/vk/oauth2/auth', ...body });
      expect(res.statusCode, String(body.payload).slice(0, 40)).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, String(body.payload).slice(0, 40)).toBeLessThan(500);
    }
  });

  it('VK ID token call: a real code with every other field of the wrong type is refused', async () => {
    const code = await vkCode();
    const res = await call({
      method: 'POST',
      url: '/sandbox/oauth/vk/oauth2/auth',
      payload: {
        grant_type: 'authorization_code',
        code,
        client_id: [config.vk.clientId],
        redirect_uri: 1,
        device_id: {},
        code_verifier: ['x'],
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('invalid_client');
  });

  it('VK ID user info: an access token that is not text is an invalid token', async () => {
    for (const access_token of [7, {}, ['a'], null]) {
      const res = await call({
        method: 'POST',
        url: '/sandbox/oauth/vk/oauth2/user_info',
        payload: { access_token, client_id: config.vk.clientId },
      });
      expect(res.statusCode, JSON.stringify(access_token)).toBe(401);
      expect(res.json().error).toBe('invalid_token');
    }
  });

  it('Facebook Graph: repeated query parameters are refused like missing ones', async () => {
    const secret = `client_id=${config.fb.clientId}&client_secret=${config.fb.clientSecret}`;
    const exchange = await call({
      url: `/sandbox/oauth/fb/graph/oauth/access_token?${secret}&code=a&code=b`,
    });
    expect(exchange.statusCode).toBe(400);
    expect(exchange.json().error).toMatchObject({ code: 100, type: 'OAuthException' });

    const twice = await call({ url: '/sandbox/oauth/fb/graph/me?access_token=a&access_token=b' });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().error.code).toBe(190);

    // With a good token, a repeated fields list or proof must not crash the call either.
    const token = await fbAccessToken();
    const fields = await call({
      url: `/sandbox/oauth/fb/graph/me?access_token=${token}&fields=id,name&fields=email`,
    });
    expect(fields.statusCode).toBe(200);
    expect(fields.json()).toEqual({ id: '10000000000000002', name: 'Иван Примеров' });
    const proof = await call({
      url: `/sandbox/oauth/fb/graph/me?access_token=${token}&appsecret_proof=a&appsecret_proof=b`,
    });
    expect(proof.statusCode).toBe(200);
  });

  it('Facebook Graph: NUL and huge values are invalid tokens', async () => {
    for (const value of ['a.b', `${'x'.repeat(5000)}.${'y'.repeat(5000)}`]) {
      const res = await call({ url: `/sandbox/oauth/fb/graph/me?access_token=${value}` });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe(190);
    }
    const nul = await call({ url: '/sandbox/oauth/fb/graph/me?access_token=%00' });
    expect(nul.statusCode).toBe(422);
  });

  it('the consent dialogs answer odd input with their error page or the error redirect', async () => {
    const base = {
      client_id: config.vk.clientId,
      redirect_uri: `${PUBLIC_URL}/api/auth/vk-oauth/callback`,
      response_type: 'code',
      state: 's',
      code_challenge: 'A'.repeat(43),
      code_challenge_method: 'S256',
    };
    const query = (extra: string) =>
      `/sandbox/oauth/vk/authorize?${new URLSearchParams(base)}${extra}`;
    const cases: InjectOptions[] = [
      { url: query('&client_id=other') },
      { url: query('&state=again') },
      { url: query('&redirect_uri=x') },
      { url: '/sandbox/oauth/vk/authorize?client_id=%00' },
      { url: '/sandbox/oauth/fb/dialog?redirect_uri=https://umnyashki.example:99999/x' },
      { method: 'POST', url: '/sandbox/oauth/vk/authorize', payload: { ...base, person: 5 } },
      {
        method: 'POST',
        url: '/sandbox/oauth/vk/authorize',
        payload: { ...base, decision: 'allow', person: ['maria'] },
      },
      {
        method: 'POST',
        url: '/sandbox/oauth/vk/authorize',
        payload: '5',
        headers: { 'content-type': 'application/json' },
      },
      {
        method: 'POST',
        url: '/sandbox/oauth/fb/dialog',
        payload: 'x',
        headers: { 'content-type': 'text/plain' },
      },
    ];
    for (const options of cases) {
      const res = await call(options);
      const label = `${options.method ?? 'GET'} ${options.url} ${JSON.stringify(options.payload ?? '')}`;
      expect(res.statusCode, label).toBeGreaterThanOrEqual(300);
      expect(res.statusCode, label).toBeLessThan(500);
    }
  });

  it('answers unknown and odd avatar names with a Russian 404', async () => {
    expect((await call({ url: '/sandbox/oauth/avatars/%00' })).statusCode).toBe(422);
    for (const file of ['nobody.svg', 'x'.repeat(90), 'maria.svg.svg']) {
      const res = await call({ url: `/sandbox/oauth/avatars/${file}` });
      expect(res.statusCode, file).toBe(404);
      expect(res.json()).toEqual({
        code: 'not_found',
        message: 'Нет такого аватара',
        errors: { error: ['Нет такого аватара'] },
      });
    }
    // Fastify itself refuses a path parameter longer than it keeps.
    const huge = await call({ url: `/sandbox/oauth/avatars/${'x'.repeat(3000)}` });
    expect(huge.statusCode).toBe(414);
    expect(huge.json().message).toBe('Слишком длинный адрес запроса');
  });
});
