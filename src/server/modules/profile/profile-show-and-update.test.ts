import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { normalizeRussianMobile } from '@contract/api/profile';
import type { Config } from '../../config';
import { consents, regions, socialAccounts, users } from '../../db/schema/index';
import { DEMO_PARENT, seedDatabase } from '../../db/seed/seed';
import { NO_CONTENT, manualClock } from '../../testing/fixtures';
import { createTestApp, testConfig } from '../../testing/test-app';
import { createTestDatabase, type TestDatabase } from '../../testing/test-database';
import { bearer } from '../../testing/accounts';
import { createSession } from '../auth/service';

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

  it('shows the docs/PRODUCT.md «Product rules» profile fields, linked networks, password and mailing consent', async () => {
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
