import { describe, expect, it } from 'vitest';
import type { Profile } from '@contract/api/auth';
import type { LessonsPage } from '@contract/api/lessons';
import type {
  AdditionalProgress,
  ChildProgram,
  ChildProgress,
  SkippedWeeks,
} from '@contract/api/learning';
import { DAY, learningWorld, type Family } from '../../testing/learning';

const world = learningWorld();

async function watch(f: Family, code: string, seconds = 12) {
  const res = await world.post(f.token, '/api/profile/achievements/video', {
    child_id: f.childId,
    lesson_id: await world.lessonId(code),
    position_seconds: seconds,
  });
  expect(res.statusCode, res.body).toBe(200);
}

async function read<T>(token: string, url: string, query: Record<string, string | number>) {
  const res = await world.get(token, url, query);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: T }>().data;
}

const progress = (f: Family) =>
  read<ChildProgress>(f.token, '/api/profile/progress', { child_id: f.childId });
const skipped = (f: Family) =>
  read<SkippedWeeks>(f.token, '/api/profile/skipped-weeks', { child_id: f.childId });
const profile = async (f: Family) =>
  (await world.get(f.token, '/api/profile/show')).json<{ data: Profile }>().data;

describe('GET /api/profile/progress', () => {
  it('draws the program week by week with lessons, minutes, achievements and additional programs', async () => {
    const f = await world.family();
    await world.startTrial(f);
    const empty = await progress(f);
    expect(empty).toMatchObject({
      child_id: f.childId,
      program: { slug: 'four-five' },
      current_week: 1,
      lessons_completed: 0,
      minutes_watched: 0,
      achievements: [],
      additional: [],
    });
    expect(empty.weeks.map((w) => [w.number, w.open, w.lessons_total])).toEqual([
      [1, true, 3],
      [2, false, 3],
      [3, false, 3],
      [4, false, 3],
    ]);

    for (const code of ['four-five-w1-l1', 'four-five-w1-l2', 'four-five-w1-l3', 'english-l1']) {
      await watch(f, code);
    }
    await watch(f, 'six-seven-w1-l1');
    const after = await progress(f);
    expect(after.weeks[0]).toMatchObject({ lessons_total: 3, lessons_completed: 3 });
    expect(after.lessons_completed).toBe(5);
    expect(after.minutes_watched).toBe(1);
    expect(after.achievements.map((a) => a.code)).toEqual([
      'first-lesson',
      'first-week',
      'five-lessons',
      'first-additional',
    ]);
    expect(after.additional).toEqual([
      expect.objectContaining({
        slug: 'english',
        open: false,
        lessons_total: 3,
        lessons_completed: 1,
        minutes_watched: 0,
      }),
    ]);
  });

  it('lists a bought additional program before anything is watched in it', async () => {
    const f = await world.family();
    await world.buyAdditional(f, 'origami');
    const data = await progress(f);
    expect(data.additional).toEqual([
      expect.objectContaining({ slug: 'origami', open: true, lessons_completed: 0 }),
    ]);
    expect(data.weeks.every((w) => !w.open)).toBe(true);
  });

  it('treats another family’s child as unknown and asks a guest to sign in', async () => {
    const a = await world.family();
    const b = await world.family();
    expect(
      (await world.get(b.token, '/api/profile/progress', { child_id: a.childId })).statusCode,
    ).toBe(404);
    expect(
      (await world.get(null, '/api/profile/progress', { child_id: a.childId })).statusCode,
    ).toBe(401);
    const queries: Record<string, string>[] = [
      {},
      { child_id: 'abc' },
      { child_id: '0' },
      { child_id: '1e99' },
    ];
    for (const query of queries) {
      const res = await world.get(a.token, '/api/profile/progress', query);
      expect(res.statusCode, JSON.stringify(query)).toBe(422);
      expect(res.json().message).toMatch(/[а-яё]/i);
    }
  });
});

describe('GET /api/profile/progress-additional', () => {
  it('lists the program’s lessons with what the child watched, open once bought', async () => {
    const f = await world.family();
    const english = await world.additionalProgramId('english');
    await watch(f, 'english-l1', 6);
    const before = await read<AdditionalProgress>(f.token, '/api/profile/progress-additional', {
      child_id: f.childId,
      additional_program_id: english,
    });
    expect(before).toMatchObject({
      slug: 'english',
      open: false,
      lessons_total: 3,
      lessons_completed: 0,
    });
    expect(before.lessons.map((l) => [l.watched_seconds, l.completed])).toEqual([
      [6, false],
      [0, false],
      [0, false],
    ]);

    await world.buyAdditional(f, 'english');
    await watch(f, 'english-l2');
    const after = await read<AdditionalProgress>(f.token, '/api/profile/progress-additional', {
      child_id: f.childId,
      additional_program_id: english,
    });
    expect(after).toMatchObject({ open: true, lessons_completed: 1 });
    expect(after.lessons[1]).toMatchObject({ watched_seconds: 12, completed: true });
  });

  it('answers 404 for an unknown program or another family’s child, 422 for nonsense', async () => {
    const a = await world.family();
    const b = await world.family();
    const english = await world.additionalProgramId('english');
    const url = '/api/profile/progress-additional';
    const unknown = await world.get(a.token, url, {
      child_id: a.childId,
      additional_program_id: 999_999,
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Программа не найдена');
    const foreign = await world.get(b.token, url, {
      child_id: a.childId,
      additional_program_id: english,
    });
    expect(foreign.statusCode).toBe(404);
    expect(
      (await world.get(null, url, { child_id: a.childId, additional_program_id: english }))
        .statusCode,
    ).toBe(401);
    const bad = await world.get(a.token, url, {
      child_id: a.childId,
      additional_program_id: 'english',
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().message).toBe('Программа не найдена');
  });
});

describe('GET /api/profile/skipped-weeks', () => {
  it('offers the weeks that passed without a subscription at the program’s week price', async () => {
    const f = await world.family();
    expect((await skipped(f)).weeks).toEqual([]);
    world.time.advance(15 * DAY);
    const data = await skipped(f);
    expect(data.program?.slug).toBe('four-five');
    expect(data.weeks.map((w) => [w.number, w.lessons, w.price])).toEqual([
      [1, 3, 14900],
      [2, 3, 14900],
    ]);
    const [first, second] = data.weeks;
    expect([first?.starts_on, first?.ends_on]).toEqual([dayOf(-15), dayOf(-9)]);
    expect(second?.starts_on).toBe(dayOf(-8));
    expect(data.total).toBe(29800);

    await world.buyWeek(f, 'four-five-w1-l1');
    expect((await skipped(f)).weeks.map((w) => w.number)).toEqual([2]);
  });

  it('leaves out the weeks the trial covered', async () => {
    const f = await world.family();
    await world.startTrial(f);
    world.time.advance(15 * DAY);
    const data = await skipped(f);
    expect(data.weeks.map((w) => w.number)).toEqual([2]);
    expect(data.total).toBe(14900);
  });

  it('treats another family’s child as unknown', async () => {
    const a = await world.family();
    const b = await world.family();
    const url = '/api/profile/skipped-weeks';
    expect((await world.get(b.token, url, { child_id: a.childId })).statusCode).toBe(404);
    expect((await world.get(null, url, { child_id: a.childId })).statusCode).toBe(401);
    expect((await world.get(a.token, url, { child_id: '-5' })).statusCode).toBe(422);
  });
});

/** The Moscow calendar date `days` from now (the tests start at noon in Moscow). */
function dayOf(days: number): string {
  return new Date(world.time.clock().getTime() + days * DAY).toISOString().slice(0, 10);
}

describe('POST /api/profile/child/change_program', () => {
  const url = '/api/profile/child/change_program';

  it('moves the child to week 1 of another age group’s program, which the lessons page then serves', async () => {
    const f = await world.family();
    await world.startTrial(f);
    world.time.advance(2 * DAY);
    const res = await world.post(f.token, url, { child_id: f.childId, age_group: 'six-seven' });
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json<{ data: ChildProgram }>().data;
    expect(data).toMatchObject({
      child_id: f.childId,
      program: { slug: 'six-seven', age_group: 'six-seven' },
      current_week: 1,
      started_at: world.time.clock().toISOString(),
    });

    const page = (await world.get(f.token, '/api/profile/lessons', { child_id: f.childId })).json<{
      data: LessonsPage;
    }>().data;
    expect(page.program.slug).toBe('six-seven');
    expect(page.lessons.every((l) => l.available)).toBe(true);
    expect((await profile(f)).children[0]?.age_group).toBe('six-seven');
    expect((await progress(f)).program?.slug).toBe('six-seven');
  });

  it('keeps the calendar when the child already follows that program: a second tap changes nothing', async () => {
    const f = await world.family();
    const added = world.time.clock();
    world.time.advance(9 * DAY);
    // The four-year-old follows «four-five» from the day they were added: no restart.
    const own = await world.post(f.token, url, { child_id: f.childId, age_group: 'four-five' });
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json<{ data: ChildProgram }>().data).toMatchObject({
      started_at: added.toISOString(),
      current_week: 2,
    });

    const moved = await world.post(f.token, url, { child_id: f.childId, age_group: 'five-six' });
    const movedAt = moved.json<{ data: ChildProgram }>().data.started_at;
    world.time.advance(DAY);
    const again = await world.post(f.token, url, { child_id: f.childId, age_group: 'five-six' });
    expect(again.json<{ data: ChildProgram }>().data).toMatchObject({
      started_at: movedAt,
      current_week: 1,
    });
  });

  it('refuses another family’s child, a guest and an unknown age group', async () => {
    const a = await world.family();
    const b = await world.family();
    const foreign = await world.post(b.token, url, { child_id: a.childId, age_group: 'six-seven' });
    expect(foreign.statusCode).toBe(404);
    expect((await profile(a)).children[0]?.age_group).toBe('four-five');
    expect(
      (await world.post(null, url, { child_id: a.childId, age_group: 'six-seven' })).statusCode,
    ).toBe(401);
    const bad = await world.post(a.token, url, { child_id: a.childId, age_group: 'nine-ten' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.age_group).toEqual(['Выберите программу из списка']);
  });
});

describe('GET /api/profile/show: subscription and player', () => {
  it('shows the trial in force and unlocks the player, then locks it when the trial ends', async () => {
    const f = await world.family();
    expect(await profile(f)).toMatchObject({ subscription: null, playerStatus: 'locked' });
    await world.startTrial(f);
    const started = world.time.clock();
    expect(await profile(f)).toMatchObject({
      playerStatus: 'available',
      subscription: {
        title: 'Пробная неделя',
        is_free: true,
        amount_children: 1,
        auto_renew: false,
        starts_at: started.toISOString(),
        ends_at: new Date(started.getTime() + 7 * DAY).toISOString(),
      },
    });
    world.time.advance(8 * DAY);
    expect(await profile(f)).toMatchObject({ subscription: null, playerStatus: 'locked' });
  });

  it('keeps the player available without a subscription once a week or a program was bought', async () => {
    const weekly = await world.family();
    await world.buyWeek(weekly, 'four-five-w3-l1');
    expect((await profile(weekly)).playerStatus).toBe('available');
    const extra = await world.family();
    await world.buyAdditional(extra, 'english');
    expect((await profile(extra)).playerStatus).toBe('available');
  });
});
