import { count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { oauthStates, userTokens } from '../../db/schema/index';
import type { TestDatabase } from '../../testing/test-database';
import { useProfileApp } from '../../testing/profile';
import { deliveredMail } from '../../testing/accounts';
import { LIMITS } from '../auth/limits';
import { createSession, issueUserToken } from '../auth/service';
import { randomToken } from '../auth/tokens';
import { CURRENT_PASSWORD_REQUIRED, WRONG_CURRENT_PASSWORD } from './service';

const profile = useProfileApp();
const { time, deps, parent, socialParent, show, post } = profile;
let database: TestDatabase;
let app: FastifyInstance;
beforeAll(() => {
  ({ database, app } = profile);
});
let address: number;
beforeEach(() => {
  ({ address } = profile);
});

/** What else signs a parent in: a one-time login code and a social sign-in (linking) in flight. */
async function signInArtifacts(userId: number) {
  await issueUserToken({ db: database.db, clock: time.clock, userId });
  await database.db.insert(oauthStates).values({
    stateHash: randomToken(),
    provider: 'vk',
    codeVerifier: randomToken(),
    userId,
    expiresAt: new Date(time.clock().getTime() + 600_000),
  });
}

async function artifactsOf(userId: number) {
  const [codes] = await database.db
    .select({ n: count() })
    .from(userTokens)
    .where(eq(userTokens.userId, userId));
  const [states] = await database.db
    .select({ n: count() })
    .from(oauthStates)
    .where(eq(oauthStates.userId, userId));
  return { codes: codes?.n, states: states?.n };
}

/** Status codes of n requests sent at once. */
async function parallelStatuses(n: number, send: (i: number) => ReturnType<typeof post>) {
  const replies = await Promise.all(Array.from({ length: n }, (_, i) => send(i)));
  return replies.map((r) => r.statusCode);
}

describe('POST /api/profile/password', () => {
  it('changes the password, ends the other sessions and mails a notice', async () => {
    const p = await parent();
    const other = await createSession({ db: database.db, clock: time.clock, userId: p.id });
    const res = await post('/api/profile/password', p.token, {
      current_password: p.password,
      password: 'совсем-новый-пароль',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { status: 'ok' } });
    expect((await show(p.token)).statusCode).toBe(200);
    expect((await show(other)).statusCode).toBe(401);

    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: p.email, password: 'совсем-новый-пароль' },
      remoteAddress: `100.64.1.${address}`,
    });
    expect(login.statusCode).toBe(200);
    const mails = await deliveredMail(app, deps(), p.email);
    expect(mails[0]?.template).toBe('password-changed');
  });

  it('also ends unspent login codes and social sign-ins in flight, of this parent only', async () => {
    const p = await parent();
    const bystander = await parent();
    for (const userId of [p.id, bystander.id]) await signInArtifacts(userId);
    const res = await post('/api/profile/password', p.token, {
      current_password: p.password,
      password: 'совсем-новый-пароль',
    });
    expect(res.statusCode).toBe(200);
    expect(await artifactsOf(p.id)).toEqual({ codes: 0, states: 0 });
    expect(await artifactsOf(bystander.id)).toEqual({ codes: 1, states: 1 });
  });

  it('wants the current password, and a good new one', async () => {
    const p = await parent();
    const missing = await post('/api/profile/password', p.token, { password: 'новый-пароль' });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors).toEqual({ current_password: [CURRENT_PASSWORD_REQUIRED] });
    const wrong = await post('/api/profile/password', p.token, {
      current_password: 'не-тот',
      password: 'новый-пароль',
    });
    expect(wrong.json().errors).toEqual({ current_password: [WRONG_CURRENT_PASSWORD] });
    const weak = await post('/api/profile/password', p.token, {
      current_password: p.password,
      password: '11112222',
    });
    expect(weak.json().errors).toEqual({ password: ['Пароль не должен состоять только из цифр'] });
    expect((await post('/api/profile/password', null, {})).statusCode).toBe(401);
  });

  it('lets a parent without a password set the first one', async () => {
    const s = await socialParent();
    const res = await post('/api/profile/password', s.token, { password: 'первый-пароль' });
    expect(res.statusCode).toBe(200);
    expect((await show(s.token)).json().data.has_password).toBe(true);
  });

  it('stops guessing the current password after ten wrong tries', async () => {
    const p = await parent();
    for (let i = 0; i < LIMITS.passwordCheckFailuresPerUser.max; i += 1) {
      const res = await post('/api/profile/password', p.token, {
        current_password: `guess-${i}`,
        password: 'новый-пароль',
      });
      expect(res.statusCode).toBe(422);
    }
    const blocked = await post('/api/profile/password', p.token, {
      current_password: p.password,
      password: 'новый-пароль',
    });
    expect(blocked.statusCode).toBe(429);
    time.advance(LIMITS.passwordCheckFailuresPerUser.windowMs);
    const later = await post('/api/profile/password', p.token, {
      current_password: p.password,
      password: 'новый-пароль',
    });
    expect(later.statusCode).toBe(200);
  });

  it('lets no more wrong current passwords through than the limit, even all at once', async () => {
    const p = await parent();
    const codes = await parallelStatuses(30, (i) =>
      post('/api/profile/password', p.token, {
        current_password: `guess-${i}`,
        password: 'новый-пароль',
      }),
    );
    expect(codes.filter((c) => c === 422)).toHaveLength(LIMITS.passwordCheckFailuresPerUser.max);
    expect(codes.filter((c) => c === 429)).toHaveLength(
      30 - LIMITS.passwordCheckFailuresPerUser.max,
    );
  });
});
