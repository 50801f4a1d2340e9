import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Config } from '../../config';
import {
  emailTokens,
  jobs,
  mailOutbox,
  oauthStates,
  sessions,
  userTokens,
  users,
} from '../../db/schema/index';
import { DEMO_PARENT } from '../../db/seed/seed';
import { runDueJobs } from '../../jobs/runner';
import { manualClock } from '../../testing/fixtures';
import type { TestDatabase } from '../../testing/test-database';
import {
  bearer,
  deliveredMail,
  linkIn,
  recaptchaGuardedApp,
  startAccountsApp,
  stopAccountsApp,
} from '../../testing/accounts';
import { EMAIL_TOKEN_TTL_MS } from './email-tokens';
import { RESET_MESSAGES } from './password-reset';
import { LIMITS } from './limits';
import { CAPTCHA_FAILED } from './routes';
import { issueUserToken } from './service';
import { randomToken } from './tokens';

let database: TestDatabase;
let app: FastifyInstance;
let config: Config;
const time = manualClock();
let address = 0;

const PUBLIC_URL = 'https://school.example';

beforeAll(async () => {
  ({ database, config, app } = await startAccountsApp({
    publicUrl: PUBLIC_URL,
    clock: time.clock,
  }));
});

afterAll(() => stopAccountsApp({ database, config, app }));

beforeEach(() => {
  address += 1;
});
const from = () => `192.0.2.${address}`;
const deps = () => ({ db: database.db, config, clock: time.clock });

let serial = 0;

/** A fresh parent, signed up through the API, with the confirmation mail already out of the way. */
async function parent(password = 'старый-пароль') {
  const email = `reset-${(serial += 1)}@example.ru`;
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/register',
    payload: { email, password, name: 'Ирина', consent_personal_data: true },
    remoteAddress: `198.18.0.${serial}`,
  });
  expect(res.statusCode).toBe(201);
  await deliveredMail(app, deps(), email);
  return { email, password, token: res.json().data.token as string };
}

const askForLink = (payload: Record<string, unknown>, target = app) =>
  target.inject({
    method: 'POST',
    url: '/api/auth/password/email',
    payload,
    remoteAddress: from(),
  });

const reset = (payload: Record<string, unknown>) =>
  app.inject({ method: 'POST', url: '/api/auth/password/reset', payload, remoteAddress: from() });

const login = (email: string, password: string) =>
  app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password },
    remoteAddress: from(),
  });

async function userIdOf(email: string): Promise<number> {
  const [user] = await database.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, email));
  if (!user) throw new Error(`${email} not registered`);
  return user.id;
}

async function resetLink(email: string) {
  const mails = await deliveredMail(app, deps(), email);
  const mail = mails.find((m) => m.template === 'password-reset');
  const link = linkIn(mail, `${PUBLIC_URL}/password-reset?`);
  return {
    token: link.searchParams.get('token') ?? '',
    email: link.searchParams.get('email') ?? '',
  };
}

describe('POST /api/auth/password/email', () => {
  it('answers the same for a known and an unknown address; only the known one gets mail', async () => {
    const { email } = await parent();
    const known = await askForLink({ email: email.toUpperCase() });
    const unknown = await askForLink({ email: 'nobody-here@example.ru' });
    for (const res of [known, unknown]) {
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ data: { status: 'ok' } });
    }
    expect(await deliveredMail(app, deps(), 'nobody-here@example.ru')).toEqual([]);
    const link = await resetLink(email);
    expect(link.email).toBe(email);
    expect(link.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('does the same database work in the request for a known and an unknown address', async () => {
    const { email } = await parent();
    const rows = async () => ({
      jobs: await database.db.select().from(jobs).orderBy(jobs.id),
      tokens: await database.db.select().from(emailTokens),
      outbox: await database.db.select().from(mailOutbox),
    });
    // What one request left behind: exactly one new job, carrying nothing but the address.
    const traceOf = async (address: string) => {
      const before = await rows();
      const res = await askForLink({ email: address });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ data: { status: 'ok' } });
      const after = await rows();
      expect(after.tokens).toEqual(before.tokens);
      expect(after.outbox).toEqual(before.outbox);
      const added = after.jobs.slice(before.jobs.length);
      expect(after.jobs.slice(0, before.jobs.length)).toEqual(before.jobs);
      expect(added).toHaveLength(1);
      return added.map((job) => ({ kind: job.kind, status: job.status, payload: job.payload }));
    };

    const known = await traceOf(email);
    const unknown = await traceOf('nobody-at-all@example.ru');
    expect(known).toEqual([{ kind: 'password-reset', status: 'pending', payload: { email } }]);
    expect(unknown).toEqual([
      { kind: 'password-reset', status: 'pending', payload: { email: 'nobody-at-all@example.ru' } },
    ]);

    // The job does the rest: the known address gets its letter, the unknown one nothing.
    const link = await resetLink(email);
    expect(link.email).toBe(email);
    expect(await deliveredMail(app, deps(), 'nobody-at-all@example.ru')).toEqual([]);
    const resetJobs = await database.db
      .select({ status: jobs.status })
      .from(jobs)
      .where(eq(jobs.kind, 'password-reset'));
    expect(new Set(resetJobs.map((job) => job.status))).toEqual(new Set(['done']));
  });

  it('fails a job whose payload is not a reset request at once, mailing nobody', async () => {
    const before = await database.db.select().from(mailOutbox);
    await database.db.insert(jobs).values({ kind: 'password-reset', payload: { email: 42 } });
    expect(await runDueJobs(deps())).toEqual({ done: 0, retried: 0, failed: 1 });
    expect(await database.db.select().from(mailOutbox)).toEqual(before);
  });

  it('checks the address', async () => {
    const res = await askForLink({ email: 'nope' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      email: ['Введите адрес электронной почты в виде name@example.ru'],
    });
    expect((await askForLink({})).json().errors).toEqual({ email: ['Обязательное поле'] });
  });

  it('sends at most three letters an hour to one address', async () => {
    const { email } = await parent();
    for (let i = 0; i < LIMITS.passwordEmailPerEmail.max; i += 1) {
      address += 1;
      expect((await askForLink({ email })).statusCode).toBe(200);
    }
    address += 1;
    expect((await askForLink({ email })).statusCode).toBe(429);
    // An unknown address is limited the same way: the 429 tells nothing about accounts.
    for (let i = 0; i < LIMITS.passwordEmailPerEmail.max; i += 1) {
      await askForLink({ email: 'ghost@example.ru' });
    }
    expect((await askForLink({ email: 'ghost@example.ru' })).statusCode).toBe(429);
    const mails = await deliveredMail(app, deps(), email);
    expect(mails.filter((m) => m.template === 'password-reset')).toHaveLength(3);
  });

  it('allows ten requests an hour from one client address', async () => {
    for (let i = 0; i < LIMITS.passwordEmailPerIp.max; i += 1) {
      expect((await askForLink({ email: `someone-${i}@example.ru` })).statusCode).toBe(200);
    }
    expect((await askForLink({ email: 'someone-else@example.ru' })).statusCode).toBe(429);
  });
});

describe('POST /api/auth/password/reset', () => {
  it('sets the new password, ends every session and mails a notice', async () => {
    const { email, password, token: session } = await parent();
    const other = (await login(email, password)).json().data.token as string;
    await askForLink({ email });
    const link = await resetLink(email);

    const res = await reset({ ...link, password: 'новый-пароль-1' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { status: 'ok' } });

    for (const token of [session, other]) {
      expect(
        (await app.inject({ url: '/api/profile/show', headers: bearer(token) })).statusCode,
      ).toBe(401);
    }
    expect((await login(email, password)).statusCode).toBe(422);
    expect((await login(email, 'новый-пароль-1')).statusCode).toBe(200);

    const mails = await deliveredMail(app, deps(), email);
    expect(mails[0]?.template).toBe('password-changed');

    // Following the mailed link proved the address.
    const [user] = await database.db.select().from(users).where(eq(users.email, email));
    expect(user?.emailVerifiedAt).not.toBeNull();
  });

  it('also ends unspent login codes and social sign-ins in flight', async () => {
    const { email } = await parent();
    const { email: bystander } = await parent();
    const ids = await Promise.all([email, bystander].map(userIdOf));
    for (const userId of ids) {
      await issueUserToken({ db: database.db, clock: time.clock, userId });
      await database.db.insert(oauthStates).values({
        stateHash: randomToken(),
        provider: 'fb',
        codeVerifier: randomToken(),
        userId,
        expiresAt: new Date(time.clock().getTime() + 600_000),
      });
    }
    await askForLink({ email });
    expect(
      (await reset({ ...(await resetLink(email)), password: 'новый-пароль-2' })).statusCode,
    ).toBe(200);
    const left = async (userId: number) => ({
      codes: (await database.db.select().from(userTokens).where(eq(userTokens.userId, userId)))
        .length,
      states: (await database.db.select().from(oauthStates).where(eq(oauthStates.userId, userId)))
        .length,
    });
    expect(await left(ids[0] ?? 0)).toEqual({ codes: 0, states: 0 });
    expect(await left(ids[1] ?? 0)).toEqual({ codes: 1, states: 1 });
  });

  it('works once: a second use and older links are refused', async () => {
    const { email } = await parent();
    await askForLink({ email });
    const older = await resetLink(email);
    await askForLink({ email });
    const newer = await resetLink(email);
    expect(newer.token).not.toBe(older.token);

    expect((await reset({ ...newer, password: 'первый-новый' })).statusCode).toBe(200);
    const again = await reset({ ...newer, password: 'второй-новый' });
    expect(again.statusCode).toBe(422);
    expect(again.json().errors).toEqual({ token: [RESET_MESSAGES.used] });
    const old = await reset({ ...older, password: 'третий-новый' });
    expect(old.json().errors).toEqual({ token: [RESET_MESSAGES.used] });
    expect((await login(email, 'первый-новый')).statusCode).toBe(200);
  });

  it('refuses a link older than 60 minutes', async () => {
    const { email, password } = await parent();
    await askForLink({ email });
    const link = await resetLink(email);
    time.advance(EMAIL_TOKEN_TTL_MS.password_reset + 1);
    const res = await reset({ ...link, password: 'опоздал-на-час' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ token: [RESET_MESSAGES.expired] });
    expect((await login(email, password)).statusCode).toBe(200);
  });

  it('refuses a link used with another address, and forged tokens, alike', async () => {
    const { email } = await parent();
    const { email: otherEmail } = await parent();
    await askForLink({ email });
    const link = await resetLink(email);
    for (const payload of [
      { ...link, email: otherEmail },
      { ...link, email: 'nobody@example.ru' },
      { ...link, token: 'A'.repeat(43) },
      { ...link, token: 'short' },
    ]) {
      const res = await reset({ ...payload, password: 'подделка-123' });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toEqual({ token: [RESET_MESSAGES.invalid] });
    }
    // The real one still works afterwards.
    expect((await reset({ ...link, password: 'настоящий-1' })).statusCode).toBe(200);
  });

  it('checks the new password like registration does, and spends nothing', async () => {
    const { email } = await parent();
    await askForLink({ email });
    const link = await resetLink(email);
    const short = await reset({ ...link, password: 'short' });
    expect(short.statusCode).toBe(422);
    expect(short.json().errors).toEqual({ password: ['Пароль должен быть не короче 8 символов'] });
    const digits = await reset({ ...link, password: '1234567890' });
    expect(digits.json().errors).toEqual({
      password: ['Пароль не должен состоять только из цифр'],
    });
    const empty = await reset({});
    expect(Object.keys(empty.json().errors).sort()).toEqual(['email', 'password', 'token']);
    expect((await reset({ ...link, password: 'теперь-годится' })).statusCode).toBe(200);
  });

  it('touches no sessions or mail when it fails', async () => {
    const { email } = await parent();
    const before = await database.db.select().from(sessions);
    const mailsBefore = await database.db.select().from(jobs);
    await reset({ token: 'A'.repeat(43), email, password: 'ничего-не-выйдет' });
    expect(await database.db.select().from(sessions)).toEqual(before);
    expect(await database.db.select().from(jobs)).toEqual(mailsBefore);
  });

  it('lets the demo parent restore too (seeded accounts are ordinary)', async () => {
    await askForLink({ email: DEMO_PARENT.email });
    const link = await resetLink(DEMO_PARENT.email);
    expect((await reset({ ...link, password: DEMO_PARENT.password })).statusCode).toBe(200);
  });
});

describe('with reCAPTCHA configured', () => {
  const guarded = recaptchaGuardedApp('reset-secret', () => ({
    db: database.db,
    clock: time.clock,
    env: { PUBLIC_URL },
  }));

  it('wants a human token made for the password_email action', async () => {
    const { email } = await parent();
    for (const captcha_token of [undefined, 'bot:password_email', 'human:login']) {
      const res = await askForLink({ email, captcha_token }, guarded.app);
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toEqual({ captcha_token: [CAPTCHA_FAILED] });
    }
    expect(await deliveredMail(app, deps(), email)).toHaveLength(1); // the confirmation only
    const ok = await askForLink({ email, captcha_token: 'human:password_email' }, guarded.app);
    expect(ok.statusCode).toBe(200);
    expect((await resetLink(email)).email).toBe(email);
  });
});
