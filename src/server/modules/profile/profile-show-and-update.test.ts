import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { normalizeRussianMobile } from '@contract/api/profile';
import { consents, regions, socialAccounts, users } from '../../db/schema/index';
import { DEMO_PARENT } from '../../db/seed/seed';
import type { TestDatabase } from '../../testing/test-database';
import { useProfileApp } from '../../testing/profile';
import { createSession } from '../auth/service';

const profile = useProfileApp();
const { time, parent, show, post } = profile;
let serial = 0;
/** The kit's social parent, keeping `serial` (the number in its social id) at hand. */
const socialParent = async () => {
  const made = await profile.socialParent();
  serial = profile.serial;
  return made;
};
let database: TestDatabase;
let app: FastifyInstance;
let moscow: number;
beforeAll(async () => {
  ({ database, app } = profile);
  const [row] = await database.db.select().from(regions).where(eq(regions.code, 'RU-MOW'));
  moscow = row?.id ?? 0;
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
      reminder_hour: 18,
      time_zone: 'Europe/Moscow',
      children: [],
      subscription: null,
      playerStatus: 'locked',
      social_networks: [],
      has_password: true,
      consent_mailing: false,
      family_role: 'owner',
      family_owner: null,
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
    expect(numeric.json().data.time_zone).toBe('Europe/Moscow');
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
