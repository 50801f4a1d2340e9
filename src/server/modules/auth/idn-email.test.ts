// Addresses on Cyrillic domains: stored in punycode, so the account is the same whichever way the parent
// types it; mailed to the punycode domain; shown back in Cyrillic.
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { EMAIL_TAKEN } from '@contract/api/auth';
import type { Config } from '../../config';
import { users } from '../../db/schema/index';
import { manualClock } from '../../testing/fixtures';
import type { TestDatabase } from '../../testing/test-database';
import {
  bearer,
  deliveredMail,
  linkIn,
  startAccountsApp,
  stopAccountsApp,
} from '../../testing/accounts';

let database: TestDatabase;
let app: FastifyInstance;
let config: Config;
const time = manualClock();
let address = 0;

const PUBLIC_URL = 'https://school.example';
const TYPED = 'оля@почта.рф';
const STORED = 'оля@xn--80a1acny.xn--p1ai';
const PASSWORD = 'ромашка-2024';

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
const from = () => `198.51.100.${address}`;
const deps = () => ({ db: database.db, config, clock: time.clock });

const post = (url: string, payload: Record<string, unknown>, headers = {}) =>
  app.inject({ method: 'POST', url: `/api/${url}`, payload, headers, remoteAddress: from() });

const register = (email: string, password = PASSWORD) =>
  post('auth/register', { email, password, name: 'Оля', consent_personal_data: true });
const login = (email: string, password = PASSWORD) => post('auth/login', { email, password });

describe('an address on a Cyrillic domain', () => {
  let token = '';

  it('registers, stores the domain in punycode and mails the confirmation there', async () => {
    const res = await register(TYPED);
    expect(res.statusCode).toBe(201);
    token = res.json().data.token;

    const rows = await database.db
      .select({ email: users.email })
      .from(users)
      .where(eq(users.email, STORED));
    expect(rows).toEqual([{ email: STORED }]);

    const mails = await deliveredMail(app, deps(), STORED);
    expect(mails.map((m) => [m.template, m.to])).toEqual([['confirmation', STORED]]);
    const link = linkIn(mails[0], `${PUBLIC_URL}/confirmed?verified_token=`);
    const confirm = await app.inject({
      url: `/api/auth/register/verification?verified_token=${link.searchParams.get('verified_token') ?? ''}`,
      remoteAddress: from(),
    });
    expect(confirm.statusCode).toBe(200);
  });

  it('shows the address in Cyrillic in the profile', async () => {
    const profile = await app.inject({ url: '/api/profile/show', headers: bearer(token) });
    expect(profile.json().data).toMatchObject({ email: TYPED, email_verified: true });
  });

  it('is the same account whichever way the parent types it', async () => {
    for (const typed of [TYPED, 'ОЛЯ@ПОЧТА.РФ', STORED, ' Оля@XN--80A1ACNY.XN--P1AI ']) {
      const res = await login(typed);
      expect(res.statusCode, typed).toBe(200);
      expect(res.json().data.token).toEqual(expect.any(String));
    }
    const taken = await register('ОЛЯ@xn--80a1acny.xn--p1ai');
    expect(taken.statusCode).toBe(422);
    expect(taken.json().errors).toEqual({ email: [EMAIL_TAKEN] });
  });

  it('restores the password through a link that names the address in Cyrillic', async () => {
    expect((await post('auth/password/email', { email: 'Оля@Почта.рф' })).statusCode).toBe(200);
    const mails = await deliveredMail(app, deps(), STORED);
    const mail = mails.find((m) => m.template === 'password-reset');
    expect(mail?.to).toBe(STORED);
    const link = linkIn(mail, `${PUBLIC_URL}/password-reset?`);
    expect(link.searchParams.get('email')).toBe(TYPED);

    const reset = await post('auth/password/reset', {
      token: link.searchParams.get('token'),
      email: link.searchParams.get('email'),
      password: 'новый-пароль-2024',
    });
    expect(reset.statusCode).toBe(200);
    expect((await login(STORED, 'новый-пароль-2024')).statusCode).toBe(200);
    expect((await login(TYPED, PASSWORD)).statusCode).toBe(422);
  });

  it('refuses what is no address, with the reason in Russian', async () => {
    for (const email of ['оля@почта', 'оля@почта.рф/ru', 'о ля@почта.рф', 'оля@-почта.рф']) {
      const res = await register(email);
      expect(res.statusCode, email).toBe(422);
      expect(res.json().errors).toEqual({
        email: ['Введите адрес электронной почты в виде name@example.ru'],
      });
    }
  });
});
