import Fastify, { type FastifyInstance } from 'fastify';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sessions, userTokens, users } from '../../db/schema/index';
import { DEMO_PARENT, seedDatabase } from '../../db/seed/seed';
import { NO_CONTENT, manualClock } from '../../testing/fixtures';
import { createTestApp, testConfig } from '../../testing/test-app';
import { createTestDatabase, type TestDatabase } from '../../testing/test-database';
import {
  INVALID_CREDENTIALS,
  INVALID_USER_TOKEN,
  SESSION_MAX_AGE_MS,
  SESSION_TTL_MS,
  USER_TOKEN_TTL_MS,
  issueUserToken,
} from './service';
import { sha256 } from './tokens';

let database: TestDatabase;
let app: FastifyInstance;
const time = manualClock();
let address = 0;

beforeAll(async () => {
  database = await createTestDatabase();
  await seedDatabase({ db: database.db, config: testConfig(), content: NO_CONTENT });
  app = await createTestApp({ db: database.db, clock: time.clock });
});

afterAll(async () => {
  await app.close();
  await database.close();
});

// Each test calls from its own address, so the login rate limit only bites where a test wants it.
beforeEach(() => {
  address += 1;
});
const from = () => `198.51.100.${address}`;

async function login(body: Record<string, unknown>, headers: Record<string, string> = {}) {
  return app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: body,
    headers,
    remoteAddress: from(),
  });
}

async function demoToken(): Promise<string> {
  const res = await login({ email: DEMO_PARENT.email, password: DEMO_PARENT.password });
  expect(res.statusCode).toBe(200);
  return res.json().data.token;
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

describe('POST /api/auth/login', () => {
  it('gives a token for the right e-mail and password, whatever the case of the e-mail', async () => {
    const res = await login({ email: '  Demo@Umnyashki.RU ', password: DEMO_PARENT.password });
    expect(res.statusCode).toBe(200);
    const { token } = res.json().data;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // Only a hash is stored.
    const stored = await database.db.select({ tokenHash: sessions.tokenHash }).from(sessions);
    expect(stored.map((s) => s.tokenHash)).not.toContain(token);
  });

  it('says the same thing for a wrong password and an unknown e-mail', async () => {
    const wrongPassword = await login({ email: DEMO_PARENT.email, password: 'not-this-one' });
    const unknownEmail = await login({
      email: 'nobody@umnyashki.ru',
      password: DEMO_PARENT.password,
    });
    for (const res of [wrongPassword, unknownEmail]) {
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({
        code: 'invalid_credentials',
        message: INVALID_CREDENTIALS,
        errors: { error: [INVALID_CREDENTIALS] },
      });
    }
  });

  it('checks the fields in Russian', async () => {
    const res = await login({ email: 'not-an-email', password: '' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      email: ['Введите адрес электронной почты в виде name@example.ru'],
      password: ['Введите пароль'],
    });
  });

  it('answers 409 Already authenticated to a signed-in client', async () => {
    const token = await demoToken();
    const res = await login(
      { email: DEMO_PARENT.email, password: DEMO_PARENT.password },
      bearer(token),
    );
    expect(res.statusCode).toBe(409);
    expect(res.json().errors.error).toEqual(['Already authenticated']);
  });

  it('ignores a stale token and signs in', async () => {
    const res = await login(
      { email: DEMO_PARENT.email, password: DEMO_PARENT.password },
      bearer('x'.repeat(43)),
    );
    expect(res.statusCode).toBe(200);
  });
});

describe('sessions', () => {
  it('end after 30 days without use; a used one stays alive', async () => {
    const idle = await demoToken();
    const used = await demoToken();
    time.advance(SESSION_TTL_MS - 60_000);
    expect((await app.inject({ url: '/api/profile/show', headers: bearer(used) })).statusCode).toBe(
      200,
    );
    time.advance(120_000);
    expect((await app.inject({ url: '/api/profile/show', headers: bearer(idle) })).statusCode).toBe(
      401,
    );
    expect((await app.inject({ url: '/api/profile/show', headers: bearer(used) })).statusCode).toBe(
      200,
    );
  });

  it('end 90 days after sign-in even when used every day', async () => {
    const DAY = 24 * 60 * 60 * 1000;
    const token = await demoToken();
    const signedInAt = time.clock().getTime();
    const profile = () => app.inject({ url: '/api/profile/show', headers: bearer(token) });
    for (let day = 1; day < SESSION_MAX_AGE_MS / DAY; day += 1) {
      time.advance(DAY);
      expect((await profile()).statusCode, `day ${day}`).toBe(200);
    }
    // Each use slid the idle expiry forward, but never past the cap.
    const [row] = await database.db
      .select({ expiresAt: sessions.expiresAt })
      .from(sessions)
      .where(eq(sessions.tokenHash, sha256(token)));
    expect(row?.expiresAt.getTime()).toBe(signedInAt + SESSION_MAX_AGE_MS);

    time.advance(DAY - 60_000);
    expect((await profile()).statusCode).toBe(200);
    time.advance(60_000);
    expect((await profile()).statusCode).toBe(401);
    // Signing in again starts a new session with a new cap.
    const fresh = await demoToken();
    expect(
      (await app.inject({ url: '/api/profile/show', headers: bearer(fresh) })).statusCode,
    ).toBe(200);
  });

  it('written before the cap existed are refused once they are 90 days old', async () => {
    const token = await demoToken();
    // Such a row slid with the idle expiry alone: its expires_at can lie past the cap.
    const now = time.clock().getTime();
    await database.db
      .update(sessions)
      .set({
        createdAt: new Date(now - SESSION_MAX_AGE_MS),
        expiresAt: new Date(now + SESSION_TTL_MS),
      })
      .where(eq(sessions.tokenHash, sha256(token)));
    expect(
      (await app.inject({ url: '/api/profile/show', headers: bearer(token) })).statusCode,
    ).toBe(401);
  });
});

describe('GET /api/auth/logout', () => {
  it('revokes the token it is called with, and only that one', async () => {
    const first = await demoToken();
    const second = await demoToken();
    const res = await app.inject({ url: '/api/auth/logout', headers: bearer(first) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { status: 'ok' } });
    expect(
      (await app.inject({ url: '/api/profile/show', headers: bearer(first) })).statusCode,
    ).toBe(401);
    expect(
      (await app.inject({ url: '/api/profile/show', headers: bearer(second) })).statusCode,
    ).toBe(200);
    expect((await app.inject({ url: '/api/auth/logout', headers: bearer(first) })).statusCode).toBe(
      401,
    );
  });

  it('answers 401 without a token', async () => {
    expect((await app.inject({ url: '/api/auth/logout' })).statusCode).toBe(401);
  });
});

describe('POST /api/auth/usertoken', () => {
  async function demoUserId() {
    const [user] = await database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, DEMO_PARENT.email));
    if (!user) throw new Error('demo parent missing');
    return user.id;
  }

  // The browser that finished the social sign-in holds the code as a cookie too (login CSRF).
  const exchange = (usertoken: unknown, cookie: string | null = String(usertoken)) =>
    app.inject({
      method: 'POST',
      url: '/api/auth/usertoken',
      payload: { usertoken },
      headers: cookie === null ? {} : { cookie: `usertoken=${cookie}` },
      remoteAddress: from(),
    });

  it('exchanges a fresh code once for a working token', async () => {
    const code = await issueUserToken({
      db: database.db,
      clock: time.clock,
      userId: await demoUserId(),
    });
    const stored = await database.db.select({ codeHash: userTokens.codeHash }).from(userTokens);
    expect(stored.map((s) => s.codeHash)).not.toContain(code);

    const res = await exchange(code);
    expect(res.statusCode).toBe(200);
    const profile = await app.inject({
      url: '/api/profile/show',
      headers: bearer(res.json().data.token),
    });
    expect(profile.json().data.email).toBe(DEMO_PARENT.email);

    const again = await exchange(code);
    expect(again.statusCode).toBe(422);
    expect(again.json().errors).toEqual({ usertoken: [INVALID_USER_TOKEN] });
  });

  it('is spent only by the browser holding the code as its usertoken cookie', async () => {
    const code = await issueUserToken({
      db: database.db,
      clock: time.clock,
      userId: await demoUserId(),
    });
    const almost = `${code.slice(0, 42)}${code.endsWith('A') ? 'B' : 'A'}`;
    for (const cookie of [null, 'A'.repeat(43), almost]) {
      const res = await exchange(code, cookie);
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toEqual({ usertoken: [INVALID_USER_TOKEN] });
      // The cookie is cleared whatever the answer.
      const cleared = [res.headers['set-cookie'] ?? []]
        .flat()
        .find((cookie) => cookie.startsWith('usertoken=;'));
      expect(cleared).toContain('Max-Age=0');
      expect(cleared).toContain('Path=/api/auth/usertoken');
    }
    // Refusals in other browsers do not burn the code of the right one.
    expect((await exchange(code)).statusCode).toBe(200);
  });

  it('refuses a code older than five minutes', async () => {
    const code = await issueUserToken({
      db: database.db,
      clock: time.clock,
      userId: await demoUserId(),
    });
    time.advance(USER_TOKEN_TTL_MS + 1);
    expect((await exchange(code)).statusCode).toBe(422);
  });

  it('refuses garbage and missing codes', async () => {
    expect((await exchange('A'.repeat(43))).statusCode).toBe(422);
    expect((await exchange('short')).json().errors).toEqual({ usertoken: [INVALID_USER_TOKEN] });
    expect((await exchange('')).json().errors).toEqual({ usertoken: ['Нет кода входа'] });
    expect((await exchange(42)).json().errors).toEqual({ usertoken: ['Ожидается текст'] });
  });

  it('works only once even when asked twice at the same moment', async () => {
    const code = await issueUserToken({
      db: database.db,
      clock: time.clock,
      userId: await demoUserId(),
    });
    const results = await Promise.all([exchange(code), exchange(code), exchange(code)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 422, 422]);
    const [left] = await database.db.select({ n: count() }).from(userTokens);
    expect(left?.n).toBe(0);
  });
});

describe('seeded accounts', () => {
  it('signs the demo administrator in', async () => {
    const res = await login({ email: 'admin@umnyashki.ru', password: 'umnyashki-admin' });
    expect(res.statusCode).toBe(200);
    const profile = await app.inject({
      url: '/api/profile/show',
      headers: bearer(res.json().data.token),
    });
    expect(profile.json().data.role).toBe('admin');
  });
});

describe('with reCAPTCHA configured', () => {
  let siteverify: FastifyInstance;
  let guarded: FastifyInstance;

  beforeAll(async () => {
    // A local stand-in for Google's siteverify, speaking its contract (src/server/integrations/captcha/README.md).
    siteverify = Fastify();
    siteverify.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string' },
      (_req, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
    );
    siteverify.post('/siteverify', async (request) => {
      const { secret, response } = request.body as Record<string, string>;
      if (secret !== 'test-secret')
        return { success: false, 'error-codes': ['invalid-input-secret'] };
      if (response === 'human') return { success: true, score: 0.9, action: 'login' };
      if (response === 'other-action') return { success: true, score: 0.9, action: 'register' };
      if (response === 'bot') return { success: true, score: 0.1, action: 'login' };
      return { success: false, 'error-codes': ['invalid-input-response'] };
    });
    const url = await siteverify.listen({ port: 0, host: '127.0.0.1' });
    guarded = await createTestApp({
      db: database.db,
      config: testConfig({
        RECAPTCHA_SITE_KEY: 'test-site',
        RECAPTCHA_SECRET: 'test-secret',
        RECAPTCHA_VERIFY_URL: `${url}/siteverify`,
      }),
    });
  });

  afterAll(async () => {
    await guarded.close();
    await siteverify.close();
  });

  const attempt = (captcha_token?: string) =>
    guarded.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: from(),
      payload: { email: DEMO_PARENT.email, password: DEMO_PARENT.password, captcha_token },
    });

  it('lets a human in', async () => {
    expect((await attempt('human')).statusCode).toBe(200);
  });

  it('turns away a missing, low-score, wrong-action or unknown token', async () => {
    for (const token of [undefined, 'bot', 'other-action', 'forged']) {
      const res = await attempt(token);
      expect(res.statusCode, String(token)).toBe(422);
      expect(res.json().errors).toEqual({
        captcha_token: ['Не удалось подтвердить, что вы не робот. Попробуйте ещё раз'],
      });
    }
  });
});
