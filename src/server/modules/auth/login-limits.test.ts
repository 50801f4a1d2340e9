// Sign-in limits as a guesser and as the owner meet them: the guesser is throttled where they guess from,
// the owner is never locked out of their own account.
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { seedDatabase } from '../../db/seed/seed';
import { NO_CONTENT } from '../../testing/fixtures';
import { createTestApp, testConfig } from '../../testing/test-app';
import { createTestDatabase, type TestDatabase } from '../../testing/test-database';
import { recaptchaGuardedApp } from '../../testing/accounts';
import { LIMITS, LOGIN_ATTEMPTS_PER_MINUTE } from './limits';
import { DEVICE_COOKIE } from './login-limits';

let database: TestDatabase;
let app: FastifyInstance;
let lastAddress = 0;
/** A fresh address from the documentation range, so limits bite only where a test wants them. */
const nextAddress = () => {
  lastAddress += 1;
  return `198.51.${Math.floor(lastAddress / 250)}.${(lastAddress % 250) + 1}`;
};

beforeAll(async () => {
  database = await createTestDatabase();
  await seedDatabase({ db: database.db, config: testConfig(), content: NO_CONTENT });
  app = await createTestApp({ db: database.db });
});

afterAll(async () => {
  await app.close();
  await database.close();
});

afterEach(() => {
  vi.useRealTimers();
});

function login(
  target: FastifyInstance,
  body: { email: string; password: string; captcha_token?: string },
  from: string,
  cookies: Record<string, string> = {},
) {
  return target.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: body,
    remoteAddress: from,
    cookies,
  });
}

const deviceCookie = (res: LightMyRequestResponse) =>
  res.cookies.find((c) => c.name === DEVICE_COOKIE)?.value;

/** A parent of this test alone, so one test's guessing does not spill into another's account. */
async function newParent(name: string): Promise<{ email: string; password: string }> {
  const parent = { email: `${name}@umnyashki.ru`, password: `${name}-password` };
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/register',
    payload: { ...parent, name: 'Родитель', consent_personal_data: true },
    remoteAddress: nextAddress(),
  });
  expect(res.statusCode).toBe(201);
  return parent;
}

/** Rate limits count real time: tests move it with fake Date (and only Date). */
function moveTimeBy(ms: number) {
  vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + ms });
}

describe('sign-in limits', () => {
  it('slows down many attempts from one address, with Retry-After and a Russian wait', async () => {
    // Limits count in fixed one-minute windows: start just after one opens, so the attempts cannot
    // straddle two windows (which let the last one through now and then).
    vi.useFakeTimers({ toFake: ['Date'], now: Math.ceil(Date.now() / 60_000) * 60_000 + 1_000 });
    const from = nextAddress();
    const codes: number[] = [];
    for (let i = 0; i < LOGIN_ATTEMPTS_PER_MINUTE; i += 1) {
      codes.push(
        (await login(app, { email: `guess-${i}@umnyashki.ru`, password: 'x'.repeat(8) }, from))
          .statusCode,
      );
    }
    expect(codes.every((c) => c === 422)).toBe(true);
    const last = await login(app, { email: 'one-more@umnyashki.ru', password: 'x' }, from);
    expect(last.statusCode).toBe(429);
    expect(last.json()).toMatchObject({
      code: 'rate_limited',
      message: 'Слишком много попыток. Попробуйте через минуту',
    });
    expect(Number(last.headers['retry-after'])).toBeGreaterThan(0);
    moveTimeBy(61_000);
    expect(
      (await login(app, { email: 'after@umnyashki.ru', password: 'x' }, from)).statusCode,
    ).toBe(422);
  });

  it('throttles a guesser at their address while the owner signs in from theirs', async () => {
    const parent = await newParent('targeted');
    const attacker = nextAddress();
    const owner = nextAddress();
    const limit = LIMITS.loginFailuresPerAccountAndIp;
    for (let i = 0; i < limit.max; i += 1) {
      const res = await login(app, { email: parent.email, password: `guess-${i}` }, attacker);
      expect(res.statusCode).toBe(422);
      expect(res.json().code).toBe('invalid_credentials');
    }
    const blocked = await login(app, parent, attacker);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toMatch(/^Слишком много попыток. Попробуйте через /);
    // No targeted lockout: the right password from the owner's own address works.
    expect((await login(app, parent, owner)).statusCode).toBe(200);
    // The attacker's window passes.
    moveTimeBy(limit.windowMs + 1000);
    expect((await login(app, parent, attacker)).statusCode).toBe(200);
  });

  it('stops a guesser spread over many addresses, but not the owner’s known browser or address', async () => {
    const parent = await newParent('spread');
    const home = nextAddress();
    const first = await login(app, parent, home);
    expect(first.statusCode).toBe(200);
    const device = deviceCookie(first);
    expect(device).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const setCookie = String(first.headers['set-cookie']);
    expect(setCookie).toContain('HttpOnly');
    expect(setCookie).toContain('Path=/api/auth/login');

    const limit = LIMITS.loginFailuresPerAccount;
    for (let i = 0; i < limit.max; i += 1) {
      const res = await login(app, { email: parent.email, password: `spread-${i}` }, nextAddress());
      expect(res.statusCode).toBe(422);
    }
    // A fresh address with no history for this account now waits, even with the right password…
    expect((await login(app, parent, nextAddress())).statusCode).toBe(429);
    // …while the owner's address, and the owner's browser from a new address, still get in.
    expect((await login(app, parent, home)).statusCode).toBe(200);
    expect(
      (await login(app, parent, nextAddress(), { [DEVICE_COOKIE]: device ?? '' })).statusCode,
    ).toBe(200);
    // Other accounts are not affected.
    expect(
      (
        await login(
          app,
          { email: 'admin@umnyashki.ru', password: 'umnyashki-admin' },
          nextAddress(),
        )
      ).statusCode,
    ).toBe(200);
  });

  it('does not count successful sign-ins', async () => {
    const parent = await newParent('regular');
    const from = nextAddress();
    for (let i = 0; i < LIMITS.loginFailuresPerAccountAndIp.max + 2; i += 1) {
      expect((await login(app, parent, from)).statusCode).toBe(200);
    }
  });

  it('lets no more wrong passwords through than the limit, even all at once', async () => {
    const from = nextAddress();
    const email = 'parallel@umnyashki.ru';
    const guesses = Array.from({ length: 15 }, (_, i) =>
      login(app, { email, password: `parallel-guess-${i}` }, from),
    );
    const codes = (await Promise.all(guesses)).map((r) => r.statusCode);
    const max = LIMITS.loginFailuresPerAccountAndIp.max;
    expect(codes.filter((c) => c === 422)).toHaveLength(max);
    expect(codes.filter((c) => c === 429)).toHaveLength(15 - max);
  });

  it('keeps its counts when a flood of other addresses arrives', async () => {
    const parent = await newParent('flooded');
    const attacker = nextAddress();
    for (let i = 0; i < LIMITS.loginFailuresPerAccountAndIp.max; i += 1) {
      await login(app, { email: parent.email, password: `flood-${i}` }, attacker);
    }
    // Cheap requests from 3,000 other addresses must not push the block out.
    for (let i = 0; i < 3000; i += 1) {
      await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: {},
        remoteAddress: `203.0.${Math.floor(i / 250)}.${(i % 250) + 1}`,
      });
    }
    expect((await login(app, parent, attacker)).statusCode).toBe(429);
  });
});

describe('sign-in limits with reCAPTCHA configured', () => {
  const guarded = recaptchaGuardedApp('login-secret', () => ({
    db: database.db,
    clock: () => new Date(),
    env: {},
  }));

  it('lets captcha-passing guessers past the usual account count, but not past the ceiling', async () => {
    const parent = await newParent('captcha-ceiling');
    const home = nextAddress();
    const human = { captcha_token: 'human:login' };
    const owner = { ...parent, ...human };
    expect((await login(guarded.app, owner, home)).statusCode).toBe(200);

    const ceiling = LIMITS.loginFailuresPerAccountWithCaptcha.max;
    expect(ceiling).toBeGreaterThan(LIMITS.loginFailuresPerAccount.max);
    for (let i = 0; i < ceiling; i += 1) {
      const wrong = { email: parent.email, password: `guess-${i}`, ...human };
      const res = await login(guarded.app, wrong, nextAddress());
      expect(res.statusCode, `guess ${i}`).toBe(422);
    }
    const refused = await login(guarded.app, owner, nextAddress());
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe('rate_limited');
    // The owner at home is not held back.
    expect((await login(guarded.app, owner, home)).statusCode).toBe(200);
  }, 120_000);
});
