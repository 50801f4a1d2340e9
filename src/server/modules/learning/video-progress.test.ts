import { describe, expect, it } from 'vitest';
import type { LessonsPage } from '@contract/api/lessons';
import type { VideoProgress } from '@contract/api/learning';
import { eq } from 'drizzle-orm';
import { lessonStats, lessons } from '../../db/schema/index';
import { DAY, learningWorld, type Family } from '../../testing/learning';

const world = learningWorld();
const URL = '/api/profile/achievements/video';

async function report(
  f: Family,
  lessonCode: string,
  position: number,
  extra: Record<string, unknown> = {},
) {
  return world.post(f.token, URL, {
    child_id: f.childId,
    lesson_id: await world.lessonId(lessonCode),
    position_seconds: position,
    ...extra,
  });
}

async function reported(f: Family, lessonCode: string, position: number, completed?: boolean) {
  const res = await report(f, lessonCode, position, completed === undefined ? {} : { completed });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: VideoProgress }>().data;
}

describe('POST /api/profile/achievements/video', () => {
  it('records the preview for any family, and the first lesson earns its achievement once', async () => {
    const f = await world.family();
    const start = await reported(f, 'four-five-w1-l1', 3);
    expect(start).toMatchObject({ watched_seconds: 3, completed: false, new_achievements: [] });

    const end = await reported(f, 'four-five-w1-l1', 11, true);
    expect(end).toMatchObject({ watched_seconds: 11, completed: true });
    expect(end.new_achievements.map((a) => a.code)).toEqual(['first-lesson']);
    expect(end.new_achievements[0]?.title).toBe('Первый урок');

    // The same report again changes nothing and awards nothing.
    const again = await reported(f, 'four-five-w1-l1', 11, true);
    expect(again).toMatchObject({ watched_seconds: 11, completed: true, new_achievements: [] });
  });

  it('only moves forward and stops at the lesson’s length', async () => {
    const f = await world.family();
    expect((await reported(f, 'four-five-w1-l1', 8)).watched_seconds).toBe(8);
    expect((await reported(f, 'four-five-w1-l1', 2)).watched_seconds).toBe(8);
    const past = await reported(f, 'four-five-w1-l1', 5000);
    expect(past).toMatchObject({ watched_seconds: 12, completed: true });
    const back = await reported(f, 'four-five-w1-l1', 0);
    expect(back).toMatchObject({ watched_seconds: 12, completed: true });
  });

  it('counts only what could have been watched: a jump to the end of a long lesson does not finish it', async () => {
    const code = 'four-five-w1-l1';
    const tenMinutes = 600;
    const [seeded] = await world.db
      .select({ duration: lessons.durationSeconds })
      .from(lessons)
      .where(eq(lessons.code, code));
    await world.db
      .update(lessons)
      .set({ durationSeconds: tenMinutes })
      .where(eq(lessons.code, code));
    try {
      const f = await world.family();
      // The first report may be at most the margin in: the slider dragged to the end counts 15 s.
      expect(await reported(f, code, tenMinutes, true)).toMatchObject({
        watched_seconds: 15,
        completed: false,
        new_achievements: [],
      });
      // A minute later at most two minutes more (double speed) plus the margin.
      world.time.advance(60_000);
      expect((await reported(f, code, tenMinutes, true)).watched_seconds).toBe(15 + 120 + 15);
      // After as long as the lesson really takes, it is finished.
      world.time.advance(5 * 60_000);
      expect(await reported(f, code, tenMinutes, true)).toMatchObject({
        watched_seconds: tenMinutes,
        completed: true,
      });
    } finally {
      await world.db
        .update(lessons)
        .set({ durationSeconds: seeded?.duration ?? 12 })
        .where(eq(lessons.code, code));
    }
  });

  it('counts a lesson watched offline from when its report began to wait, never more', async () => {
    const code = 'four-five-w1-l1';
    const [seeded] = await world.db
      .select({ duration: lessons.durationSeconds })
      .from(lessons)
      .where(eq(lessons.code, code));
    await world.db.update(lessons).set({ durationSeconds: 600 }).where(eq(lessons.code, code));
    try {
      const f = await world.family();
      // Watched on the road: the report waited 4 minutes, so up to 8 minutes and the margin count.
      expect((await reported(f, code, 600, true)).watched_seconds).toBe(15);
      const g = await world.family();
      const res = await report(g, code, 600, { completed: true, waited_seconds: 240 });
      expect(res.json<{ data: VideoProgress }>().data.watched_seconds).toBe(240 * 2 + 15);
      // A whole lesson that waited long enough is finished.
      const h = await world.family();
      const done = await report(h, code, 600, { completed: true, waited_seconds: 3600 });
      expect(done.json<{ data: VideoProgress }>().data).toMatchObject({
        watched_seconds: 600,
        completed: true,
      });
      // More than 14 days is refused in Russian.
      const long = await report(h, code, 600, { waited_seconds: 15 * 24 * 3600 });
      expect(long.statusCode).toBe(422);
      expect(long.json().message).toBe('Неверное время ожидания');
    } finally {
      await world.db
        .update(lessons)
        .set({ durationSeconds: seeded?.duration ?? 12 })
        .where(eq(lessons.code, code));
    }
  });

  it('does not take the player’s word for the end: the position must reach 90 %', async () => {
    const f = await world.family();
    expect((await reported(f, 'four-five-w1-l1', 5, true)).completed).toBe(false);
    // 12-second clip: 10.8 s is 90 %.
    expect((await reported(f, 'four-five-w1-l1', 10.5, true)).completed).toBe(false);
    expect((await reported(f, 'four-five-w1-l1', 10.8)).completed).toBe(true);
  });

  it('refuses a lesson the child may not watch now with 403 lesson_closed', async () => {
    const f = await world.family();
    const closed = await report(f, 'four-five-w1-l2', 5);
    expect(closed.statusCode).toBe(403);
    expect(closed.json()).toMatchObject({ code: 'lesson_closed' });
    expect(closed.json().message).toMatch(/подпиской/);

    await world.startTrial(f);
    expect((await report(f, 'four-five-w1-l2', 5)).statusCode).toBe(200);
    const nextWeek = await report(f, 'four-five-w2-l1', 5);
    expect(nextWeek.statusCode).toBe(403);
    expect(nextWeek.json().message).toMatch(/расписанию/);
    const otherAge = await report(f, 'six-seven-w1-l2', 5);
    expect(otherAge.statusCode).toBe(403);
    expect(otherAge.json().message).toMatch(/другого возраста/);
    const notBought = await report(f, 'english-l2', 5);
    expect(notBought.statusCode).toBe(403);
    expect(notBought.json().message).toMatch(/после покупки/);
  });

  it('closes the lessons again when the trial has ended, but not a bought week', async () => {
    const f = await world.family();
    await world.startTrial(f);
    await world.buyWeek(f, 'four-five-w2-l1');
    world.time.advance(8 * DAY);
    expect((await report(f, 'four-five-w1-l2', 5)).statusCode).toBe(403);
    expect((await report(f, 'four-five-w2-l3', 5)).statusCode).toBe(200);
  });

  it('earns «Целая неделя» for a whole week and «Новые горизонты» for an additional lesson', async () => {
    const f = await world.family();
    await world.startTrial(f);
    await world.buyAdditional(f, 'english');
    const codes: string[] = [];
    for (const code of ['four-five-w1-l1', 'four-five-w1-l2', 'four-five-w1-l3', 'english-l2']) {
      codes.push(...(await reported(f, code, 12)).new_achievements.map((a) => a.code));
    }
    expect(codes).toEqual(['first-lesson', 'first-week', 'first-additional']);
  });

  it('earns «Час знаний» once the child’s lessons add up to 60 minutes', async () => {
    const f = await world.family();
    // An hour of watching written directly: the lessons here are 12 seconds long.
    await world.db
      .insert(lessonStats)
      .values({ childId: f.childId, lessonKey: 'four-five-w1-l2', watchedSeconds: 3590 });
    const short = await reported(f, 'four-five-w1-l1', 5);
    expect(short.new_achievements).toEqual([]);
    const hour = await reported(f, 'four-five-w1-l1', 11);
    expect(hour.new_achievements.map((a) => [a.code, a.title])).toEqual([
      ['first-lesson', 'Первый урок'],
      ['sixty-minutes', 'Час знаний'],
    ]);
  });

  it('shows the watched seconds on the lessons page', async () => {
    const f = await world.family();
    await reported(f, 'four-five-w1-l1', 7);
    const res = await world.get(f.token, '/api/profile/lessons', { child_id: f.childId });
    const page = res.json<{ data: LessonsPage }>().data;
    expect(page.lessons[0]?.progress).toEqual({ watched_seconds: 7, completed: false });
    expect(page.lessons[1]?.progress).toEqual({ watched_seconds: 0, completed: false });
  });

  it('treats another family’s child as unknown, an unknown lesson as not found, a guest as no one', async () => {
    const a = await world.family();
    const b = await world.family();
    const lessonId = await world.lessonId('four-five-w1-l1');
    const foreign = await world.post(b.token, URL, {
      child_id: a.childId,
      lesson_id: lessonId,
      position_seconds: 3,
    });
    expect(foreign.statusCode).toBe(404);
    const unknown = await world.post(a.token, URL, {
      child_id: a.childId,
      lesson_id: 999_999,
      position_seconds: 3,
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Урок не найден');
    const guest = await world.post(null, URL, {
      child_id: a.childId,
      lesson_id: lessonId,
      position_seconds: 3,
    });
    expect(guest.statusCode).toBe(401);
  });

  it('answers bad reports in Russian', async () => {
    const f = await world.family();
    const lessonId = await world.lessonId('four-five-w1-l1');
    const bodies: Record<string, unknown>[] = [
      {},
      { child_id: f.childId, lesson_id: lessonId },
      { child_id: f.childId, lesson_id: lessonId, position_seconds: -1 },
      { child_id: f.childId, lesson_id: lessonId, position_seconds: '5' },
      { child_id: f.childId, lesson_id: 'abc', position_seconds: 5 },
      { child_id: f.childId, lesson_id: lessonId, position_seconds: 5, completed: 'yes' },
      { child_id: 2 ** 40, lesson_id: lessonId, position_seconds: 5 },
    ];
    for (const body of bodies) {
      const res = await world.post(f.token, URL, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(res.json().message).toMatch(/[а-яё]/i);
    }
  });

  it('limits how often one parent reports', async () => {
    const f = await world.family();
    const statuses: number[] = [];
    for (let i = 0; i < 31; i += 1)
      statuses.push((await report(f, 'four-five-w1-l1', i % 12)).statusCode);
    expect(statuses.slice(0, 30).every((s) => s === 200)).toBe(true);
    const refused = await report(f, 'four-five-w1-l1', 1);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    expect(refused.json().message).toMatch(/Попробуйте через/);
  });
});
