import { eq } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { consents, users } from '../../db/schema/index';
import { createTestApp, testConfig } from '../../testing/test-app';
import type { TestDatabase } from '../../testing/test-database';
import {
  recaptchaGuardedApp,
  REGISTRATION_PUBLIC_URL,
  useRegistrationApp,
} from '../../testing/accounts';
import { LIMITS } from './limits';
import { CAPTCHA_FAILED } from './routes';

const registration = useRegistrationApp();
const { time, from, freshEmail, body, register, userByEmail } = registration;
let database: TestDatabase;
beforeAll(() => {
  ({ database } = registration);
});
let address: number;
beforeEach(() => {
  ({ address } = registration);
});
const PUBLIC_URL = REGISTRATION_PUBLIC_URL;

describe('registration limits', () => {
  it('allows ten sign-ups an hour from one address', async () => {
    for (let i = 0; i < LIMITS.registerPerIp.max; i += 1) {
      expect((await register(body())).statusCode).toBe(201);
    }
    const limited = await register(body());
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBe('3600');
    expect(limited.json().message).toBe('Слишком много попыток. Попробуйте через час');
  });

  const consentIp = async (email: string) => {
    const user = await userByEmail(email);
    const [row] = await database.db.select().from(consents).where(eq(consents.userId, user.id));
    return row?.ip;
  };

  it('is not bypassed by a forged X-Forwarded-For: no proxy is trusted by default', async () => {
    // A peer on the private network (where the load balancer would be) is no proxy unless configured.
    const peer = `10.20.0.${address}`;
    const forged = (i: number) => ({
      remoteAddress: peer,
      headers: { 'x-forwarded-for': `192.0.2.${i}` },
    });
    const first = freshEmail();
    expect((await register(body({ email: first }), forged(0))).statusCode).toBe(201);
    expect(await consentIp(first)).toBe(peer);
    for (let i = 1; i < LIMITS.registerPerIp.max; i += 1) {
      expect((await register(body(), forged(i))).statusCode).toBe(201);
    }
    expect((await register(body(), forged(99))).statusCode).toBe(429);
  });

  it('takes the client address from X-Forwarded-For with TRUST_PROXY=1 (one proxy in front)', async () => {
    const proxied = await createTestApp({
      db: database.db,
      clock: time.clock,
      config: testConfig({
        PUBLIC_URL,
        TRUST_PROXY: '1',
        DEMO: 'true',
        ADMIN_PASSWORD: 'stand-operator-password',
      }),
    });
    try {
      // Our proxy appends the address it saw; whatever the client wrote before that is not believed.
      const client = `192.0.2.${address}`;
      const via = (forged: string, seen = client) => ({ 'x-forwarded-for': `${forged}, ${seen}` });
      const first = freshEmail();
      const res = await register(body({ email: first }), {
        app: proxied,
        headers: via('10.0.0.1'),
      });
      expect(res.statusCode).toBe(201);
      expect(await consentIp(first)).toBe(client);
      for (let i = 1; i < LIMITS.registerPerIp.max; i += 1) {
        const res = await register(body(), { app: proxied, headers: via(`10.0.0.${i + 1}`) });
        expect(res.statusCode).toBe(201);
      }
      expect((await register(body(), { app: proxied, headers: via('10.9.9.9') })).statusCode).toBe(
        429,
      );
      // Another client behind the same proxy (the same socket address) is counted on its own.
      const other = await register(body(), {
        app: proxied,
        headers: via('10.0.0.1', `198.51.100.${address}`),
      });
      expect(other.statusCode).toBe(201);
    } finally {
      await proxied.close();
    }
  });

  it('counts an IPv6 client by its /64, not by each of its addresses', async () => {
    const network = `2001:db8:${address.toString(16)}:1`;
    for (let i = 1; i <= LIMITS.registerPerIp.max; i += 1) {
      const res = await register(body(), { remoteAddress: `${network}::${i.toString(16)}` });
      expect(res.statusCode).toBe(201);
    }
    const sameHome = await register(body(), { remoteAddress: `${network}:ab:cd:ef:1` });
    expect(sameHome.statusCode).toBe(429);
    const nextDoor = await register(body(), {
      remoteAddress: `2001:db8:${address.toString(16)}:2::1`,
    });
    expect(nextDoor.statusCode).toBe(201);
  });
});

describe('with reCAPTCHA configured', () => {
  const guarded = recaptchaGuardedApp('register-secret', () => ({
    db: database.db,
    clock: time.clock,
    env: { PUBLIC_URL, RECAPTCHA_MIN_SCORE: '0.5' },
  }));

  it('lets a human in when the token was made for the register action', async () => {
    const res = await register(body({ captcha_token: 'human:register' }), { app: guarded.app });
    expect(res.statusCode).toBe(201);
    expect(guarded.siteverify.seen.at(-1)).toMatchObject({
      secret: 'register-secret',
      response: 'human:register',
      remoteip: from(),
    });
  });

  it('turns away a missing, low-score, other-action or unknown token', async () => {
    for (const captcha_token of [undefined, 'bot:register', 'human:login', 'nonsense']) {
      const email = freshEmail();
      const res = await register(body({ email, captcha_token }), { app: guarded.app });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toEqual({ captcha_token: [CAPTCHA_FAILED] });
      expect(await database.db.select().from(users).where(eq(users.email, email))).toEqual([]);
    }
  });

  it('is not asked when no secret is configured', async () => {
    const before = guarded.siteverify.seen.length;
    expect((await register(body({ captcha_token: 'nonsense' }))).statusCode).toBe(201);
    expect(guarded.siteverify.seen.length).toBe(before);
  });
});
