import { count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { normalizeRussianMobile } from '@contract/api/profile';
import type { Config } from '../../config';
import {
  children,
  consents,
  emailTokens,
  jobs,
  lessonStats,
  mailOutbox,
  oauthStates,
  regions,
  sessions,
  socialAccounts,
  userTokens,
  users,
} from '../../db/schema/index';
import { DEMO_PARENT, seedDatabase } from '../../db/seed/seed';
import { NO_CONTENT, manualClock } from '../../testing/fixtures';
import { createTestApp, testConfig } from '../../testing/test-app';
import { createTestDatabase, type TestDatabase } from '../../testing/test-database';
import { bearer, deliveredMail } from '../auth/accounts-testing';
import { LIMITS } from '../auth/limits';
import { createSession, issueUserToken } from '../auth/service';
import { randomToken } from '../auth/tokens';
import {
  CONFIRM_REQUIRED,
  CURRENT_PASSWORD_REQUIRED,
  PASSWORD_REQUIRED,
  WRONG_CURRENT_PASSWORD,
  WRONG_PASSWORD,
} from './service';

let database: TestDatabase;
let app: FastifyInstance;
let config: Config;
const time = manualClock();
let moscow: number;
let address = 0;

beforeAll(async () => {
  database = await createTestDatabase();
  config = testConfig();
  await seedDatabase({
    db: database.db,
    config,
    content: {
      ...NO_CONTENT,
      regions: [
        { name: 'Москва', code: 'RU-MOW' },
        { name: 'Тверская область', code: 'RU-TVE' },
      ],
    },
  });
  app = await createTestApp({ db: database.db, config, clock: time.clock });
  const [row] = await database.db.select().from(regions).where(eq(regions.code, 'RU-MOW'));
  moscow = row?.id ?? 0;
});

afterAll(async () => {
  await app.close();
  await database.close();
});

beforeEach(() => {
  address += 1;
});
const deps = () => ({ db: database.db, config, clock: time.clock });

let serial = 0;

/** A new parent through the API: token, id and the password. */
async function parent(password = 'пароль-родителя') {
  const email = `profile-${(serial += 1)}@example.ru`;
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/register',
    payload: { email, password, name: 'Елена', consent_personal_data: true, consent_mailing: true },
    remoteAddress: `198.18.1.${serial}`,
  });
  expect(res.statusCode).toBe(201);
  const [user] = await database.db.select().from(users).where(eq(users.email, email));
  if (!user) throw new Error('not registered');
  return { email, password, id: user.id, token: res.json().data.token as string };
}

/** A parent who signed up through VK ID and never set a password. */
async function socialParent() {
  const email = `vk-${(serial += 1)}@example.ru`;
  const [user] = await database.db
    .insert(users)
    .values({ email, name: 'Пётр', emailVerifiedAt: time.clock() })
    .returning();
  if (!user) throw new Error('insert failed');
  await database.db
    .insert(socialAccounts)
    .values({ userId: user.id, provider: 'vk', providerUserId: `vk-${serial}` });
  const token = await createSession({ db: database.db, clock: time.clock, userId: user.id });
  return { email, id: user.id, token };
}

const show = (token: string) => app.inject({ url: '/api/profile/show', headers: bearer(token) });

const post = (url: string, token: string | null, payload: unknown) =>
  app.inject({
    method: 'POST',
    url,
    payload: payload as Record<string, unknown>,
    headers: token ? bearer(token) : {},
    remoteAddress: `100.64.0.${address}`,
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

describe('GET /api/profile/show', () => {
  it('needs a valid bearer token', async () => {
    for (const headers of [
      {},
      { authorization: 'Bearer nonsense' },
      { authorization: 'Basic abc' },
    ]) {
      const res = await app.inject({ url: '/api/profile/show', headers });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({
        code: 'unauthenticated',
        message: 'Войдите в личный кабинет',
        errors: { error: ['Войдите в личный кабинет'] },
      });
    }
  });

  it('shows the SPEC §3 profile fields, linked networks, password and mailing consent', async () => {
    const [demo] = await database.db.select().from(users).where(eq(users.email, DEMO_PARENT.email));
    if (!demo) throw new Error('demo parent missing');
    const token = await createSession({ db: database.db, clock: time.clock, userId: demo.id });
    const res = await show(token);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      id: demo.id,
      email: DEMO_PARENT.email,
      email_verified: true,
      role: 'parent',
      name: DEMO_PARENT.name,
      surname: DEMO_PARENT.surname,
      patronymic: '',
      phone: '',
      region_id: null,
      children: [],
      subscription: null,
      playerStatus: 'locked',
      social_networks: [],
      has_password: true,
      consent_mailing: false,
    });

    const social = await socialParent();
    await database.db
      .insert(socialAccounts)
      .values({ userId: social.id, provider: 'fb', providerUserId: `fb-${serial}` });
    expect((await show(social.token)).json().data).toMatchObject({
      social_networks: ['vk', 'fb'],
      has_password: false,
      consent_mailing: false,
    });
  });

  it('reads the mailing consent until it is withdrawn', async () => {
    const p = await parent();
    expect((await show(p.token)).json().data.consent_mailing).toBe(true);
    await database.db
      .update(consents)
      .set({ withdrawnAt: time.clock() })
      .where(eq(consents.userId, p.id));
    expect((await show(p.token)).json().data.consent_mailing).toBe(false);
  });
});

describe('POST /api/profile/update', () => {
  it('stores the fields and answers with the whole profile', async () => {
    const p = await parent();
    const res = await post('/api/profile/update', p.token, {
      name: '  Елена ',
      surname: 'Петрова-Водкина',
      patronymic: "д'Арк",
      phone: '8 (912) 345-67-89',
      region_id: moscow,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      name: 'Елена',
      surname: 'Петрова-Водкина',
      patronymic: "д'Арк",
      phone: '+79123456789',
      region_id: moscow,
      email: p.email,
    });
    expect((await show(p.token)).json().data.phone).toBe('+79123456789');
  });

  it('leaves out fields as they are and clears optional ones with empty strings', async () => {
    const p = await parent();
    await post('/api/profile/update', p.token, {
      surname: 'Smith',
      phone: '+79001112233',
      region_id: moscow,
    });
    const res = await post('/api/profile/update', p.token, { phone: '', region_id: '' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      name: 'Елена',
      surname: 'Smith',
      phone: '',
      region_id: null,
    });
    const numeric = await post('/api/profile/update', p.token, { region_id: String(moscow) });
    expect(numeric.json().data.region_id).toBe(moscow);
  });

  it('normalises every usual spelling of a Russian mobile number', () => {
    for (const spelling of [
      '+7 912 345-67-89',
      '8 912 345 67 89',
      '7(912)3456789',
      '89123456789',
      '9123456789',
      '+7 (912) 345–67–89',
    ]) {
      expect(normalizeRussianMobile(spelling)).toBe('+79123456789');
    }
    for (const bad of [
      '+7 495 123-45-67',
      '+380 50 123 4567',
      '912345678',
      '8912345678901',
      'abc',
    ]) {
      expect(normalizeRussianMobile(bad)).toBeNull();
    }
  });

  it('refuses bad values with a Russian message under each field, changing nothing', async () => {
    const p = await parent();
    const res = await post('/api/profile/update', p.token, {
      name: '',
      surname: 'Ivan0v',
      patronymic: 'Я'.repeat(51),
      phone: '+7 495 123-45-67',
      region_id: -3,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      name: ['Введите имя'],
      surname: ['Только русские или латинские буквы, пробел, дефис и апостроф'],
      patronymic: ['Не длиннее 50 символов'],
      phone: ['Введите российский мобильный номер: +7\u00a09XX\u00a0XXX-XX-XX'],
      region_id: ['Выберите регион из списка'],
    });
    expect((await show(p.token)).json().data.name).toBe('Елена');

    for (const region_id of [999_999, 99_999_999_999, 1.5, 'Москва', true]) {
      const bad = await post('/api/profile/update', p.token, { region_id });
      expect(bad.statusCode).toBe(422);
      expect(bad.json().errors).toEqual({ region_id: ['Выберите регион из списка'] });
    }
    const types = await post('/api/profile/update', p.token, { name: 5, phone: ['1'] });
    expect(types.statusCode).toBe(422);
    expect(types.json().errors).toEqual({ name: ['Ожидается текст'], phone: ['Ожидается текст'] });
    expect((await post('/api/profile/update', p.token, [1])).statusCode).toBe(422);
  });

  it('needs a signed-in parent', async () => {
    expect((await post('/api/profile/update', null, { name: 'Кто-то' })).statusCode).toBe(401);
  });
});

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

async function addChildWithStats(userId: number, name: string) {
  const [child] = await database.db
    .insert(children)
    .values({ userId, name, birthDate: '2021-05-01', ageGroup: 'four-five' })
    .returning();
  if (!child) throw new Error('insert failed');
  await database.db.insert(lessonStats).values([
    { childId: child.id, lessonKey: 'week-1', watchedSeconds: 120 },
    { childId: child.id, lessonKey: 'week-2', watchedSeconds: 30 },
  ]);
  return child.id;
}

async function statsOf(childId: number) {
  const [row] = await database.db
    .select({ n: count() })
    .from(lessonStats)
    .where(eq(lessonStats.childId, childId));
  return row?.n ?? 0;
}

describe('GET /api/profile/deleteLessonStats and /api/profile/deleteChildren', () => {
  it('erase the statistics (children stay), then the children, of this family only', async () => {
    const a = await parent();
    const b = await parent();
    const childA = await addChildWithStats(a.id, 'Вася');
    const childB = await addChildWithStats(b.id, 'Петя');

    const stats = await app.inject({
      url: '/api/profile/deleteLessonStats',
      headers: bearer(a.token),
    });
    expect(stats.statusCode).toBe(200);
    expect(stats.json()).toEqual({ data: { status: 'ok' } });
    expect(await statsOf(childA)).toBe(0);
    expect(await statsOf(childB)).toBe(2);
    expect((await show(a.token)).json().data.children).toHaveLength(1);

    const kids = await app.inject({ url: '/api/profile/deleteChildren', headers: bearer(a.token) });
    expect(kids.statusCode).toBe(200);
    expect((await show(a.token)).json().data.children).toEqual([]);
    expect((await show(b.token)).json().data.children).toHaveLength(1);
    expect(await statsOf(childB)).toBe(2);
  });

  it('need a signed-in parent', async () => {
    for (const url of ['/api/profile/deleteLessonStats', '/api/profile/deleteChildren']) {
      expect((await app.inject({ url })).statusCode).toBe(401);
    }
  });
});

describe('POST /api/profile/delete', () => {
  it('erases the parent and everything of the family (152-FZ)', async () => {
    const p = await parent();
    const other = await parent();
    const child = await addChildWithStats(p.id, 'Маша');
    await addChildWithStats(other.id, 'Даша');
    await database.db
      .insert(socialAccounts)
      .values({ userId: p.id, provider: 'vk', providerUserId: `vk-erase-${p.id}` });
    await deliveredMail(app, deps(), p.email); // the confirmation reached the outbox
    await app.inject({
      method: 'POST',
      url: '/api/auth/resend-verification-link',
      headers: bearer(p.token),
    }); // and another is still queued
    // Jobs of every other status keep the address in their payload as well.
    for (const status of ['running', 'failed'] as const) {
      await database.db
        .insert(jobs)
        .values({ kind: 'mail', status, payload: { template: 'password-changed', to: p.email } });
    }
    const statuses = async (email: string) =>
      (await database.db.select().from(jobs))
        .filter((j) => j.payload.to === email)
        .map((j) => j.status)
        .sort();
    expect(await statuses(p.email)).toEqual(['done', 'failed', 'pending', 'running']);
    const othersJobs = await statuses(other.email);
    expect(othersJobs).toContain('done');

    const res = await post('/api/profile/delete', p.token, { password: p.password });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { status: 'ok' } });

    expect((await show(p.token)).statusCode).toBe(401);
    for (const [table, column] of [
      [sessions, sessions.userId],
      [consents, consents.userId],
      [emailTokens, emailTokens.userId],
      [socialAccounts, socialAccounts.userId],
      [children, children.userId],
    ] as const) {
      const [row] = await database.db.select({ n: count() }).from(table).where(eq(column, p.id));
      expect(row?.n).toBe(0);
    }
    expect(await statsOf(child)).toBe(0);
    expect(await database.db.select().from(users).where(eq(users.id, p.id))).toEqual([]);
    expect(await database.db.select().from(mailOutbox).where(eq(mailOutbox.to, p.email))).toEqual(
      [],
    );
    expect(await statuses(p.email)).toEqual([]);
    expect(await statuses(other.email)).toEqual(othersJobs);

    // The other family is untouched.
    expect((await show(other.token)).json().data.children).toHaveLength(1);
    expect(
      (
        await app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { email: p.email, password: p.password },
          remoteAddress: `100.64.2.${address}`,
        })
      ).statusCode,
    ).toBe(422);
  });

  it('lets no more wrong passwords through than the limit, even all at once', async () => {
    const p = await parent();
    const codes = await parallelStatuses(30, (i) =>
      post('/api/profile/delete', p.token, { password: `guess-${i}` }),
    );
    expect(codes.filter((c) => c === 422)).toHaveLength(LIMITS.passwordCheckFailuresPerUser.max);
    expect(codes.filter((c) => c === 429)).toHaveLength(
      30 - LIMITS.passwordCheckFailuresPerUser.max,
    );
    expect((await show(p.token)).statusCode).toBe(200);
  });

  it('wants the right password from an account that has one', async () => {
    const p = await parent();
    const none = await post('/api/profile/delete', p.token, {});
    expect(none.statusCode).toBe(422);
    expect(none.json().errors).toEqual({ password: [PASSWORD_REQUIRED] });
    const word = await post('/api/profile/delete', p.token, { confirm: 'УДАЛИТЬ' });
    expect(word.json().errors).toEqual({ password: [PASSWORD_REQUIRED] });
    const wrong = await post('/api/profile/delete', p.token, { password: 'не-тот-пароль' });
    expect(wrong.json().errors).toEqual({ password: [WRONG_PASSWORD] });
    expect((await show(p.token)).statusCode).toBe(200);
  });

  it('wants the word УДАЛИТЬ from an account without a password', async () => {
    const s = await socialParent();
    for (const confirm of [undefined, '', 'удалить бы']) {
      const res = await post('/api/profile/delete', s.token, { confirm });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toEqual({ confirm: [CONFIRM_REQUIRED] });
    }
    expect((await post('/api/profile/delete', s.token, { confirm: 'удалить' })).statusCode).toBe(
      200,
    );
    expect((await show(s.token)).statusCode).toBe(401);
  });

  it('needs a signed-in parent and a JSON object', async () => {
    expect((await post('/api/profile/delete', null, { confirm: 'УДАЛИТЬ' })).statusCode).toBe(401);
    const p = await parent();
    const notAnObject = await app.inject({
      method: 'POST',
      url: '/api/profile/delete',
      payload: '"УДАЛИТЬ"',
      headers: { ...bearer(p.token), 'content-type': 'application/json' },
    });
    expect(notAnObject.statusCode).toBe(422);
    expect(notAnObject.json().errors).toEqual({ error: ['Ожидается объект'] });
    expect((await show(p.token)).statusCode).toBe(200);
  });
});
