// The weeks of a main program in the back office: the list an editor pages through, a new week, an edited
// one, and the rules — a number once per program, a week stays in its program — each with its audit row.
import { and, desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { adminAudit, ageGroups, mainPrograms, programWeeks } from '../../db/schema/index';
import { bearer } from '../../testing/accounts';
import { learningWorld } from '../../testing/learning';
import { staffSession } from '../../testing/staff';

const world = learningWorld();

type Json = Record<string, unknown>;
interface Week {
  id: number;
  main_program_id: number;
  program_title: string;
  number: number;
  title: string;
  home_activity: string | null;
  lessons_count: number;
}
interface Failure {
  code: string;
  message: string;
  errors: Record<string, string[]>;
}
const editor = () => staffSession({ db: world.db, clock: world.time.clock }, 'editor');
const call = (method: 'GET' | 'POST' | 'PUT', url: string, token: string | null, payload?: Json) =>
  world.app.inject({
    method,
    url,
    headers: token ? bearer(token) : {},
    ...(payload === undefined ? {} : { payload }),
  });
const weeksOf = async (token: string, query: Record<string, string | number>) => {
  const search = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]));
  const res = await call('GET', `/api/admin/weeks?${search}`, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: Week[]; meta: { total: number; last_page: number } }>();
};
const weekRead = async (token: string, id: number) =>
  (await call('GET', `/api/admin/weeks/${id}`, token)).json<{ data: Week }>().data;

async function programOf(ageGroup: string): Promise<number> {
  const [row] = await world.db
    .select({ id: mainPrograms.id })
    .from(mainPrograms)
    .innerJoin(ageGroups, eq(ageGroups.id, mainPrograms.ageGroupId))
    .where(eq(ageGroups.slug, ageGroup));
  if (!row) throw new Error(`no program of ${ageGroup}`);
  return row.id;
}

const auditRows = (resource: string, recordId: number) =>
  world.db
    .select()
    .from(adminAudit)
    .where(and(eq(adminAudit.resource, resource), eq(adminAudit.recordId, String(recordId))))
    .orderBy(desc(adminAudit.id));

describe('the list of weeks', () => {
  it('shows one program’s weeks in number order, either way, and pages them', async () => {
    const token = await editor();
    const program = await programOf('four-five');
    const all = await weeksOf(token, { main_program_id: program, per_page: 100, order: 'ASC' });
    expect(all.data.length).toBeGreaterThan(2);
    expect(all.data.every((week) => week.main_program_id === program)).toBe(true);
    const numbers = all.data.map((week) => week.number);
    expect(numbers).toEqual([...numbers].sort((a, b) => a - b));
    expect(all.meta.total).toBe(all.data.length);

    // Newest first unless asked otherwise, as every back-office list.
    const down = await weeksOf(token, { main_program_id: program, sort: 'number' });
    expect(down.data[0]?.number).toBe(Math.max(...numbers));

    const page = await weeksOf(token, {
      main_program_id: program,
      per_page: 2,
      page: 2,
      order: 'ASC',
    });
    expect(page.data.map((week) => week.id)).toEqual(all.data.slice(2, 4).map((week) => week.id));
    expect(page.meta.last_page).toBe(Math.ceil(all.data.length / 2));
  });

  it('finds a week by its number, or by words of its title, with % read as a letter', async () => {
    const token = await editor();
    const program = await programOf('three-four');
    const [second] = (await weeksOf(token, { main_program_id: program, q: 2 })).data;
    expect(second).toMatchObject({ main_program_id: program, number: 2 });
    const word = second?.title.split(' ')[0] ?? '';
    const byTitle = await weeksOf(token, { main_program_id: program, q: word, per_page: 100 });
    expect(byTitle.data.map((week) => week.id)).toContain(second?.id);
    expect((await weeksOf(token, { q: '%' })).data).toEqual([]);
  });
});

describe('a new week', () => {
  it('joins its program with no lessons; the list and the audit log show it', async () => {
    const token = await editor();
    const program = await programOf('five-six');
    const res = await call('POST', '/api/admin/weeks', token, {
      main_program_id: program,
      number: 501,
      title: 'Каникулы с загадками',
    });
    expect(res.statusCode, res.body).toBe(201);
    const week = res.json<{ data: Week }>().data;
    expect(week).toMatchObject({ main_program_id: program, number: 501, lessons_count: 0 });
    expect(await weekRead(token, week.id)).toEqual(week);
    const [audit] = await auditRows('weeks', week.id);
    expect(audit).toMatchObject({ action: 'create' });
    expect(audit?.summary).toEqual({ main_program_id: program, number: 501 });
  });

  it('is refused a number its program already has, or a program that does not exist', async () => {
    const token = await editor();
    const program = await programOf('five-six');
    const before = await weeksOf(token, { main_program_id: program, per_page: 100 });
    const taken = await call('POST', '/api/admin/weeks', token, {
      main_program_id: program,
      number: 1,
      title: 'Вторая первая',
    });
    expect(taken.statusCode).toBe(422);
    expect(taken.json<Failure>()).toEqual({
      code: 'validation_failed',
      message: 'В программе уже есть неделя с таким номером',
      errors: { number: ['В программе уже есть неделя с таким номером'] },
    });
    const nowhere = await call('POST', '/api/admin/weeks', token, {
      main_program_id: 999_999,
      number: 502,
      title: 'Ничья',
    });
    expect(nowhere.json<Failure>()).toMatchObject({
      code: 'validation_failed',
      errors: { main_program_id: ['Программа не найдена'] },
    });
    const after = await weeksOf(token, { main_program_id: program, per_page: 100 });
    expect(after.meta.total).toBe(before.meta.total);
    const strays = await world.db.select().from(programWeeks).where(eq(programWeeks.number, 502));
    expect(strays).toEqual([]);
  });

  it('is refused a number outside 1–520 and an empty title, in Russian', async () => {
    const token = await editor();
    const res = await call('POST', '/api/admin/weeks', await editor(), {
      main_program_id: await programOf('five-six'),
      number: 0,
      title: '',
    });
    expect(res.statusCode).toBe(422);
    const body = res.json<Failure>();
    expect(body.code).toBe('validation_failed');
    expect(body.errors.number?.[0]).toMatch(/[а-яё]/i);
    expect(body.errors.title?.[0]).toMatch(/[а-яё]/i);
    expect((await weeksOf(token, { q: 'Ничья' })).data).toEqual([]);
  });
});

describe('an edited week', () => {
  async function newWeek(token: string, number: number) {
    const program = await programOf('six-seven');
    const res = await call('POST', '/api/admin/weeks', token, {
      main_program_id: program,
      number,
      title: `Неделя ${number}`,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ data: Week }>().data;
  }

  it('takes a new number and title, and the log records them', async () => {
    const token = await editor();
    const week = await newWeek(token, 510);
    const res = await call('PUT', `/api/admin/weeks/${week.id}`, token, {
      main_program_id: week.main_program_id,
      number: 511,
      title: 'Весенние загадки',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await weekRead(token, week.id)).toMatchObject({
      number: 511,
      title: 'Весенние загадки',
    });
    const [audit] = await auditRows('weeks', week.id);
    expect(audit).toMatchObject({ action: 'update' });
    expect(audit?.summary).toEqual({ number: 511, title: 'Весенние загадки' });
  });

  it('keeps the editor’s home activity for the weekly letter; empty clears it, too long is refused', async () => {
    const token = await editor();
    const week = await newWeek(token, 519);
    expect(week.home_activity).toBeNull();
    const base = { main_program_id: week.main_program_id, number: 519, title: week.title };
    const text = 'Сложите из подушек домик и посчитайте, сколько игрушек в нём поместится.';
    const saved = await call('PUT', `/api/admin/weeks/${week.id}`, token, {
      ...base,
      home_activity: `  ${text}  `,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await weekRead(token, week.id)).home_activity).toBe(text);
    // A form that does not send the field keeps what is written.
    expect((await call('PUT', `/api/admin/weeks/${week.id}`, token, base)).statusCode).toBe(200);
    expect((await weekRead(token, week.id)).home_activity).toBe(text);

    const long = await call('PUT', `/api/admin/weeks/${week.id}`, token, {
      ...base,
      home_activity: 'а'.repeat(601),
    });
    expect(long.statusCode).toBe(422);
    expect(long.json<Failure>().errors.home_activity).toEqual([
      '«Чем заняться дома» — не длиннее 600 символов',
    ]);
    expect((await weekRead(token, week.id)).home_activity).toBe(text);

    await call('PUT', `/api/admin/weeks/${week.id}`, token, { ...base, home_activity: '' });
    expect((await weekRead(token, week.id)).home_activity).toBeNull();
  });

  it('cannot move to another program: refused, and it stays where it was', async () => {
    const token = await editor();
    const week = await newWeek(token, 512);
    const res = await call('PUT', `/api/admin/weeks/${week.id}`, token, {
      main_program_id: await programOf('two-three'),
      number: 512,
      title: 'Переехавшая',
    });
    expect(res.statusCode).toBe(422);
    expect(res.json<Failure>()).toEqual({
      code: 'validation_failed',
      message: 'Неделю нельзя перенести в другую программу',
      errors: { main_program_id: ['Неделю нельзя перенести в другую программу'] },
    });
    expect(await weekRead(token, week.id)).toEqual(week);
    expect((await auditRows('weeks', week.id)).map((row) => row.action)).toEqual(['create']);
  });

  it('cannot take a number its program already has', async () => {
    const token = await editor();
    const week = await newWeek(token, 513);
    const res = await call('PUT', `/api/admin/weeks/${week.id}`, token, {
      main_program_id: week.main_program_id,
      number: 1,
      title: week.title,
    });
    expect(res.json<Failure>().errors).toEqual({
      number: ['В программе уже есть неделя с таким номером'],
    });
    expect(await weekRead(token, week.id)).toEqual(week);
  });

  it('is 404 when unknown, and support may neither read nor change weeks', async () => {
    const token = await editor();
    const unknown = await call('PUT', '/api/admin/weeks/999999', token, {
      main_program_id: 1,
      number: 1,
      title: 'Нет такой',
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 'not_found', message: 'Неделя не найдена' });
    expect((await call('GET', '/api/admin/weeks/999999', token)).statusCode).toBe(404);

    const support = await staffSession({ db: world.db, clock: world.time.clock }, 'support');
    const week = await newWeek(token, 514);
    for (const [method, url] of [
      ['GET', '/api/admin/weeks'],
      ['GET', `/api/admin/weeks/${week.id}`],
      ['PUT', `/api/admin/weeks/${week.id}`],
      ['POST', '/api/admin/weeks'],
    ] as const) {
      const payload = { main_program_id: week.main_program_id, number: 515, title: 'Чужая' };
      const res = await call(method, url, support, method === 'GET' ? undefined : payload);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json()).toMatchObject({ code: 'forbidden' });
    }
    expect(await weekRead(token, week.id)).toEqual(week);
    expect((await weeksOf(token, { q: 515 })).data).toEqual([]);
  });
});
