import { count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHILD_NOT_FOUND, NO_FREE_CHILD_SLOT } from '@contract/api/children';
import { children, lessonStats, users } from '../../db/schema/index';
import { seedDatabase } from '../../db/seed/seed';
import { NO_CONTENT, manualClock } from '../../testing/fixtures';
import { createTestApp, testConfig } from '../../testing/test-app';
import { createTestDatabase, type TestDatabase } from '../../testing/test-database';
import { bearer } from '../../testing/accounts';
import { createSession } from '../auth/service';
import { FREE_CHILD_SLOTS, childSlots } from './service';

let database: TestDatabase;
let app: FastifyInstance;
// 21:30 UTC on 9 March is already 10 March in Moscow (UTC+3): ages follow the Moscow date.
const time = manualClock('2026-03-09T21:30:00Z');

beforeAll(async () => {
  database = await createTestDatabase();
  await seedDatabase({ db: database.db, config: testConfig(), content: NO_CONTENT });
  app = await createTestApp({ db: database.db, clock: time.clock });
});

afterAll(async () => {
  await app.close();
  await database.close();
});

let serial = 0;

async function parent() {
  const [user] = await database.db
    .insert(users)
    .values({ email: `family-${(serial += 1)}@example.ru`, name: 'Родитель' })
    .returning();
  if (!user) throw new Error('insert failed');
  return {
    id: user.id,
    token: await createSession({ db: database.db, clock: time.clock, userId: user.id }),
  };
}

const call = (path: string, token: string | null, payload: unknown) =>
  app.inject({
    method: 'POST',
    url: `/api/profile/child/${path}`,
    payload: payload as Record<string, unknown>,
    headers: token ? bearer(token) : {},
  });

const store = (token: string | null, payload: unknown) => call('store', token, payload);
const update = (token: string | null, payload: unknown) => call('update', token, payload);
const remove = (token: string | null, payload: unknown) => call('delete', token, payload);

const profileChildren = async (token: string) =>
  (await app.inject({ url: '/api/profile/show', headers: bearer(token) })).json().data.children;

describe('POST /api/profile/child/store', () => {
  it('adds a child with the age group of the birth date', async () => {
    const p = await parent();
    // Four years old since today in Moscow (still 9 March in UTC).
    const res = await store(p.token, { name: ' Маша ', birth_date: '2022-03-10' });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toEqual({
      id: expect.any(Number),
      name: 'Маша',
      birth_date: '2022-03-10',
      age_group: 'four-five',
      avatar: null,
      remind_about_lessons: true,
      study_mode: 'schedule',
      daily_limit_minutes: null,
      no_lessons_after: null,
    });
    expect(await profileChildren(p.token)).toEqual([res.json().data]);
  });

  it('takes an age group picked by hand', async () => {
    const p = await parent();
    const res = await store(p.token, {
      name: 'Tom',
      birth_date: '2022-03-11',
      age_group: 'two-three',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().data.age_group).toBe('two-three');
  });

  it('accepts children of 2 to 7 — from the 2nd birthday to the day before the 8th — and refuses the rest', async () => {
    const rule = 'Занятия для детей от 2 до 7\u00a0лет';
    const cases: [string, number | string][] = [
      ['2024-03-10', 201], // two today
      ['2024-03-11', `${rule}: ребёнку ещё нет 2\u00a0лет`],
      ['2018-03-11', 201], // seven, eight tomorrow
      ['2018-03-10', `${rule}: ребёнку уже 8\u00a0лет`],
      ['2026-03-11', 'Дата рождения не может быть в будущем'],
    ];
    for (const [birth_date, expected] of cases) {
      const p = await parent();
      const res = await store(p.token, { name: 'Ваня', birth_date });
      if (typeof expected === 'number') {
        expect(res.statusCode).toBe(expected);
      } else {
        expect(res.statusCode).toBe(422);
        expect(res.json().errors).toEqual({ birth_date: [expected] });
      }
    }
  });

  it('takes a nickname with emoji and punctuation, and shows it back as typed', async () => {
    const p = await parent();
    const res = await store(p.token, { name: ' Зайка  🐰 ', birth_date: '2022-03-10' });
    expect(res.statusCode).toBe(201);
    expect(res.json().data.name).toBe('Зайка 🐰');
    const renamed = await update(p.token, {
      id: res.json().data.id,
      name: '«Солнышко» №1 👨‍👩‍👧!',
    });
    expect(renamed.statusCode).toBe(200);
    expect((await profileChildren(p.token)).map((c: { name: string }) => c.name)).toEqual([
      '«Солнышко» №1 👨‍👩‍👧!',
    ]);
  });

  it('refuses markup and control characters in a name, changing nothing', async () => {
    const p = await parent();
    const first = await store(p.token, {
      name: '<img src=x onerror=alert(1)>',
      birth_date: '2022-03-10',
    });
    expect(first.statusCode).toBe(422);
    expect(first.json().errors).toEqual({ name: ['Имя не может содержать знаки «<» и «>»'] });
    const hidden = await store(p.token, { name: 'Маша\u202eяьлоК', birth_date: '2022-03-10' });
    expect(hidden.statusCode).toBe(422);
    expect(hidden.json().errors.name[0]).toMatch(/^В имени есть невидимый служебный символ/);
    expect(await profileChildren(p.token)).toEqual([]);
  });

  it('checks the fields in Russian', async () => {
    const p = await parent();
    const res = await store(p.token, { name: '', birth_date: '2022-02-30', age_group: 'teen' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      name: ['Введите имя или прозвище ребёнка'],
      birth_date: ['Введите дату рождения в формате ГГГГ-ММ-ДД'],
      age_group: ['Выберите возрастную группу из списка'],
    });
    const formats = await store(p.token, { name: 'Ёжик<3', birth_date: '10.03.2022' });
    expect(formats.json().errors).toEqual({
      name: ['Имя не может содержать знаки «<» и «>»'],
      birth_date: ['Введите дату рождения в формате ГГГГ-ММ-ДД'],
    });
    const missing = await store(p.token, {});
    expect(missing.json().errors).toEqual({
      name: ['Обязательное поле'],
      birth_date: ['Обязательное поле'],
    });
    expect(await profileChildren(p.token)).toEqual([]);
  });

  it('gives a family without a subscription room for one child', async () => {
    const p = await parent();
    expect(await childSlots(database.db, p.id, new Date())).toEqual({
      total: FREE_CHILD_SLOTS,
      used: 0,
      free: 1,
      bought: 0,
    });
    expect((await store(p.token, { name: 'Первый', birth_date: '2021-01-01' })).statusCode).toBe(
      201,
    );
    const second = await store(p.token, { name: 'Второй', birth_date: '2022-01-01' });
    expect(second.statusCode).toBe(409);
    expect(second.json()).toEqual({
      code: 'no_free_child_slot',
      message: NO_FREE_CHILD_SLOT,
      errors: { error: [NO_FREE_CHILD_SLOT] },
    });
    expect(await childSlots(database.db, p.id, new Date())).toEqual({
      total: 1,
      used: 1,
      free: 0,
      bought: 0,
    });
  });

  it('gives the last slot to one of two requests at the same moment', async () => {
    const p = await parent();
    const results = await Promise.all([
      store(p.token, { name: 'Аня', birth_date: '2021-01-01' }),
      store(p.token, { name: 'Боря', birth_date: '2021-01-01' }),
      store(p.token, { name: 'Вера', birth_date: '2021-01-01' }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409, 409]);
    expect(await profileChildren(p.token)).toHaveLength(1);
  });

  it('needs a signed-in parent', async () => {
    expect((await store(null, { name: 'Аня', birth_date: '2021-01-01' })).statusCode).toBe(401);
    expect((await store(null, {})).statusCode).toBe(401);
  });
});

describe('POST /api/profile/child/update', () => {
  async function familyWithChild() {
    const p = await parent();
    const res = await store(p.token, { name: 'Лиза', birth_date: '2021-06-15' });
    return { ...p, child: res.json().data as { id: number } };
  }

  it('changes only the fields sent', async () => {
    const f = await familyWithChild();
    const res = await update(f.token, {
      id: f.child.id,
      remind_about_lessons: false,
      study_mode: 'free',
      avatar: 'fox',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      id: f.child.id,
      name: 'Лиза',
      birth_date: '2021-06-15',
      age_group: 'four-five',
      avatar: 'fox',
      remind_about_lessons: false,
      study_mode: 'free',
      daily_limit_minutes: null,
      no_lessons_after: null,
    });
    const renamed = await update(f.token, { id: f.child.id, name: 'Елизавета', avatar: null });
    expect(renamed.json().data).toMatchObject({
      name: 'Елизавета',
      avatar: null,
      study_mode: 'free',
    });
  });

  it('moves the child to the age group of a new birth date unless one is given', async () => {
    const f = await familyWithChild();
    const older = await update(f.token, { id: f.child.id, birth_date: '2019-09-01' });
    expect(older.json().data).toMatchObject({ birth_date: '2019-09-01', age_group: 'six-seven' });
    const both = await update(f.token, {
      id: f.child.id,
      birth_date: '2023-01-01',
      age_group: 'three-four',
    });
    expect(both.json().data).toMatchObject({ birth_date: '2023-01-01', age_group: 'three-four' });
  });

  it('keeps a child who has grown past 7 editable: an unchanged birth date is not checked again', async () => {
    const p = await parent();
    const [grown] = await database.db
      .insert(children)
      .values({ userId: p.id, name: 'Вера', birthDate: '2017-01-01', ageGroup: 'six-seven' })
      .returning();
    if (!grown) throw new Error('insert failed');
    const res = await update(p.token, {
      id: grown.id,
      name: 'Вера',
      birth_date: '2017-01-01',
      age_group: 'six-seven',
      study_mode: 'free',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ birth_date: '2017-01-01', study_mode: 'free' });
    const moved = await update(p.token, { id: grown.id, birth_date: '2016-12-31' });
    expect(moved.statusCode).toBe(422);
    expect(moved.json().errors.birth_date).toEqual([
      'Занятия для детей от 2 до 7\u00a0лет: ребёнку уже 9\u00a0лет',
    ]);
  });

  it('refuses bad values in Russian', async () => {
    const f = await familyWithChild();
    const res = await update(f.token, {
      id: f.child.id,
      name: '   ',
      birth_date: '2030-01-01',
      avatar: 'https://evil.example/photo.jpg',
      remind_about_lessons: 'yes',
      study_mode: 'always',
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      name: ['Введите имя или прозвище ребёнка'],
      avatar: ['Выберите картинку из предложенных'],
      remind_about_lessons: ['Ожидается «да» или «нет»'],
      study_mode: ['Выберите режим занятий из предложенных'],
    });
    const future = await update(f.token, { id: f.child.id, birth_date: '2030-01-01' });
    expect(future.json().errors).toEqual({
      birth_date: ['Дата рождения не может быть в будущем'],
    });
    for (const id of [undefined, 'abc', 0, -1, 1.5, 99_999_999_999]) {
      const bad = await update(f.token, { id, name: 'Лиза' });
      expect(bad.statusCode).toBe(422);
      expect(Object.keys(bad.json().errors)).toEqual(['id']);
    }
  });

  it('answers 404 for a child of another family or one that does not exist', async () => {
    const a = await familyWithChild();
    const b = await parent();
    const res = await update(b.token, { id: a.child.id, name: 'Чужой' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      code: 'not_found',
      message: CHILD_NOT_FOUND,
      errors: { error: [CHILD_NOT_FOUND] },
    });
    expect((await update(b.token, { id: 2_000_000_000, name: 'Никто' })).statusCode).toBe(404);
    expect((await profileChildren(a.token))[0].name).toBe('Лиза');
    expect(await profileChildren(b.token)).toEqual([]);
  });
});

describe('POST /api/profile/child/delete', () => {
  it('deletes the child with its statistics and frees the slot', async () => {
    const p = await parent();
    const child = (await store(p.token, { name: 'Оля', birth_date: '2021-01-01' })).json().data;
    await database.db.insert(lessonStats).values({ childId: child.id, lessonKey: 'week-1' });
    const res = await remove(p.token, { id: child.id });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { status: 'ok' } });
    const [left] = await database.db
      .select({ n: count() })
      .from(lessonStats)
      .where(eq(lessonStats.childId, child.id));
    expect(left?.n).toBe(0);
    expect((await store(p.token, { name: 'Коля', birth_date: '2021-01-01' })).statusCode).toBe(201);
    expect((await remove(p.token, { id: child.id })).statusCode).toBe(404);
  });

  it('answers 404 for another family’s child and leaves it alone', async () => {
    const a = await parent();
    const b = await parent();
    const child = (await store(a.token, { name: 'Дима', birth_date: '2021-01-01' })).json().data;
    const res = await remove(b.token, { id: child.id });
    expect(res.statusCode).toBe(404);
    expect(await database.db.select().from(children).where(eq(children.id, child.id))).toHaveLength(
      1,
    );
    expect((await remove(null, { id: child.id })).statusCode).toBe(401);
    expect((await remove(a.token, {})).json().errors).toEqual({ id: ['Не указан ребёнок'] });
  });
});
