// The back office's age groups, main programs and places for lessons: who may open them, what an edit
// changes and what it refuses, and the audit row each change leaves.
import { and, desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { adminAudit, ageGroups, mainPrograms } from '../../db/schema/index';
import { bearer } from '../../testing/accounts';
import { learningWorld } from '../../testing/learning';
import { staffSession } from '../../testing/staff';

const world = learningWorld();

type Json = Record<string, unknown>;
const staff = (role: 'admin' | 'editor' | 'support') =>
  staffSession({ db: world.db, clock: world.time.clock }, role);
const call = (method: 'GET' | 'PUT', url: string, token: string | null, payload?: Json) =>
  world.app.inject({
    method,
    url,
    headers: token ? bearer(token) : {},
    ...(payload === undefined ? {} : { payload }),
  });

async function lastAudit(resource: string, recordId: number) {
  const [row] = await world.db
    .select()
    .from(adminAudit)
    .where(and(eq(adminAudit.resource, resource), eq(adminAudit.recordId, String(recordId))))
    .orderBy(desc(adminAudit.id))
    .limit(1);
  return row;
}

async function ageGroupId(slug: string): Promise<number> {
  const [row] = await world.db.select().from(ageGroups).where(eq(ageGroups.slug, slug));
  if (!row) throw new Error(`no age group ${slug}`);
  return row.id;
}

async function programOf(ageGroup: string): Promise<number> {
  const [row] = await world.db
    .select({ id: mainPrograms.id })
    .from(mainPrograms)
    .where(eq(mainPrograms.ageGroupId, await ageGroupId(ageGroup)));
  if (!row) throw new Error(`no program of ${ageGroup}`);
  return row.id;
}

describe('who opens the frame of the lessons', () => {
  it('editors and administrators do; support is refused and a stranger must sign in', async () => {
    const program = await programOf('four-five');
    for (const role of ['admin', 'editor'] as const) {
      const token = await staff(role);
      for (const url of [
        '/api/admin/age-groups',
        '/api/admin/programs',
        '/api/admin/lesson-places',
      ]) {
        expect((await call('GET', url, token)).statusCode, `${role} ${url}`).toBe(200);
      }
    }
    const support = await staff('support');
    const before = await call('GET', `/api/admin/programs/${program}`, await staff('editor'));
    for (const [method, url, payload] of [
      ['GET', '/api/admin/programs', undefined],
      ['GET', '/api/admin/age-groups', undefined],
      ['GET', '/api/admin/lesson-places', undefined],
      ['PUT', `/api/admin/programs/${program}`, { title: 'Чужая правка', is_active: false }],
    ] as const) {
      const res = await call(method, url, support, payload);
      expect(res.statusCode, url).toBe(403);
      expect(res.json()).toMatchObject({ code: 'forbidden', message: expect.any(String) });
      expect((await call(method, url, null, payload)).statusCode).toBe(401);
    }
    const after = await call('GET', `/api/admin/programs/${program}`, await staff('editor'));
    expect(after.json()).toEqual(before.json());
  });
});

describe('age groups', () => {
  it('are listed youngest first with their texts', async () => {
    const res = await call('GET', '/api/admin/age-groups', await staff('editor'));
    const { data, meta } = res.json<{ data: { slug: string; min_age: number }[]; meta: Json }>();
    expect(data.map((group) => group.slug).slice(0, 3)).toEqual([
      'two-three',
      'three-four',
      'four-five',
    ]);
    expect(meta).toMatchObject({ total: data.length, current_page: 1 });
  });

  it('take new texts, which a later read shows, and leave an audit row naming the fields', async () => {
    const editor = await staff('editor');
    const id = await ageGroupId('five-six');
    const form = {
      title: '5–6 лет',
      min_age: 5,
      max_age: 6,
      description: 'Готовимся к школе — без спешки.',
      skills: ['Читает слоги'],
      topics: ['Буквы', 'Счёт до 20'],
    };
    const res = await call('PUT', `/api/admin/age-groups/${id}`, editor, form);
    expect(res.statusCode, res.body).toBe(200);
    const read = await call('GET', `/api/admin/age-groups/${id}`, editor);
    expect(read.json<{ data: Json }>().data).toEqual({ id, slug: 'five-six', ...form });
    const audit = await lastAudit('age-groups', id);
    expect(audit).toMatchObject({ action: 'update' });
    expect(audit?.summary).toEqual({ fields: Object.keys(form) });
  });

  it('refuses ages in the wrong order in Russian, in the one error shape, changing nothing', async () => {
    const editor = await staff('editor');
    const id = await ageGroupId('two-three');
    const before = (await call('GET', `/api/admin/age-groups/${id}`, editor)).json<{
      data: Json;
    }>();
    const res = await call('PUT', `/api/admin/age-groups/${id}`, editor, {
      ...before.data,
      min_age: 4,
      max_age: 3,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      code: 'validation_failed',
      message: expect.any(String),
      errors: { max_age: ['Возраст «с» не больше возраста «до»'] },
    });
    expect((await call('GET', `/api/admin/age-groups/${id}`, editor)).json()).toEqual(before);
  });

  it('answers 404 for an unknown one, reading or editing', async () => {
    const editor = await staff('editor');
    expect((await call('GET', '/api/admin/age-groups/999999', editor)).json()).toMatchObject({
      code: 'not_found',
      message: 'Возрастная группа не найдена',
    });
    const res = await call('PUT', '/api/admin/age-groups/999999', editor, {
      title: 'Нет такой',
      min_age: 1,
      max_age: 2,
      description: 'Описание',
      skills: [],
      topics: [],
    });
    expect(res.statusCode).toBe(404);
  });
});

describe('main programs', () => {
  it('are listed by age with their weeks and lessons counted', async () => {
    const res = await call('GET', '/api/admin/programs', await staff('editor'));
    const { data } = res.json<{
      data: { id: number; age_group_id: number; weeks_count: number; lessons_count: number }[];
    }>();
    const youngest = await ageGroupId('two-three');
    expect(data[0]?.age_group_id).toBe(youngest);
    const fourFive = await programOf('four-five');
    const four = data.find((program) => program.id === fourFive);
    expect(four?.weeks_count).toBeGreaterThan(0);
    expect(four?.lessons_count).toBeGreaterThanOrEqual(four?.weeks_count ?? 0);
  });

  it('are renamed and closed; the read, the list and the audit log agree', async () => {
    const editor = await staff('editor');
    const id = await programOf('six-seven');
    const res = await call('PUT', `/api/admin/programs/${id}`, editor, {
      title: 'Скоро в школу',
      is_active: false,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ data: Json }>().data).toMatchObject({
      id,
      title: 'Скоро в школу',
      is_active: false,
    });
    const list = (await call('GET', '/api/admin/programs', editor)).json<{ data: Json[] }>().data;
    expect(list.find((program) => program.id === id)).toMatchObject({ is_active: false });
    expect((await lastAudit('programs', id))?.summary).toEqual({
      title: 'Скоро в школу',
      is_active: false,
    });
    await call('PUT', `/api/admin/programs/${id}`, editor, {
      title: 'Скоро в школу',
      is_active: true,
    });
  });

  it('refuse an empty title in Russian and answer 404 for an unknown one', async () => {
    const editor = await staff('editor');
    const id = await programOf('three-four');
    const bad = await call('PUT', `/api/admin/programs/${id}`, editor, {
      title: '',
      is_active: true,
    });
    expect(bad.statusCode).toBe(422);
    const body = bad.json<{ code: string; message: string; errors: Record<string, string[]> }>();
    expect(body.code).toBe('validation_failed');
    expect(body.errors.title?.[0]).toMatch(/[а-яё]/i);
    const unknown = await call('PUT', '/api/admin/programs/999999', editor, {
      title: 'Нет такой',
      is_active: true,
    });
    expect(unknown.json()).toMatchObject({ code: 'not_found', message: 'Программа не найдена' });
    expect((await call('GET', '/api/admin/programs/999999', editor)).statusCode).toBe(404);
  });
});

describe('additional programs as places for lessons', () => {
  it('are listed with their lessons counted, and an unknown one is 404', async () => {
    const editor = await staff('editor');
    const list = await call('GET', '/api/admin/lesson-places', editor);
    const { data } = list.json<{ data: { id: number; lessons_count: number }[] }>();
    expect(data.length).toBeGreaterThan(0);
    const first = data[0];
    const one = await call('GET', `/api/admin/lesson-places/${first?.id}`, editor);
    expect(one.json<{ data: Json }>().data).toEqual(first);
    expect((await call('GET', '/api/admin/lesson-places/999999', editor)).json()).toMatchObject({
      code: 'not_found',
      message: 'Дополнительная программа не найдена',
    });
  });
});
