import { describe, expect, it } from 'vitest';
import type { VideoProgress } from '@contract/api/learning';
import type { ScreenTime } from '@contract/api/screen-time';
import type { Child } from '@contract/api/children';
import { eq } from 'drizzle-orm';
import { regions } from '../../db/schema/index';
import { learningWorld, type Family } from '../../testing/learning';

// 09:00 UTC is 12:00 in Moscow.
const world = learningWorld('2026-11-24T09:00:00Z');
const PREVIEW = 'four-five-w1-l1';

/** Moves the test's clock forward to a moment. */
function moveTo(iso: string) {
  const ms = new Date(iso).getTime() - world.time.clock().getTime();
  if (ms < 0) throw new Error(`the clock is already past ${iso}`);
  world.time.advance(ms);
}

async function setLimits(f: Family, body: Record<string, unknown>) {
  const res = await world.post(f.token, '/api/profile/child/update', { id: f.childId, ...body });
  return res;
}

async function screenTimeOf(f: Family): Promise<ScreenTime> {
  const res = await world.get(f.token, '/api/profile/screen-time');
  expect(res.statusCode, res.body).toBe(200);
  const found = res.json<{ data: ScreenTime[] }>().data.find((s) => s.child_id === f.childId);
  if (!found) throw new Error('no screen time for the child');
  return found;
}

/** Watches the preview for `seconds` of real time: a report every 12 s, the clock moving with it. */
async function watch(f: Family, seconds: number, from = 0): Promise<ScreenTime> {
  const lessonId = await world.lessonId(PREVIEW);
  let last: VideoProgress | null = null;
  for (let played = 12; played <= seconds; played += 12) {
    world.time.advance(12_000);
    const res = await world.post(f.token, '/api/profile/achievements/video', {
      child_id: f.childId,
      lesson_id: lessonId,
      position_seconds: from + played,
    });
    expect(res.statusCode, res.body).toBe(200);
    last = res.json<{ data: VideoProgress }>().data;
  }
  if (!last) throw new Error('nothing watched');
  return last.screen_time;
}

describe('screen time settings on the child', () => {
  it('takes the options and «off», and refuses others with a Russian message', async () => {
    const f = await world.family();
    const set = await setLimits(f, { daily_limit_minutes: 15, no_lessons_after: 19 });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json<{ data: Child }>().data).toMatchObject({
      daily_limit_minutes: 15,
      no_lessons_after: 19,
    });

    const wrong = await setLimits(f, { daily_limit_minutes: 20, no_lessons_after: 3 });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json()).toMatchObject({
      code: 'validation_failed',
      errors: {
        daily_limit_minutes: [expect.stringContaining('15, 30, 45, 60')],
        no_lessons_after: [expect.stringContaining('с 18:00 до 21:00')],
      },
    });

    const off = await setLimits(f, { daily_limit_minutes: null, no_lessons_after: null });
    expect(off.json<{ data: Child }>().data).toMatchObject({
      daily_limit_minutes: null,
      no_lessons_after: null,
    });
  });

  it('another family’s child is not found', async () => {
    const a = await world.family();
    const b = await world.family();
    const res = await world.post(b.token, '/api/profile/child/update', {
      id: a.childId,
      daily_limit_minutes: 15,
    });
    expect(res.statusCode).toBe(404);
    const extend = await world.post(b.token, '/api/profile/screen-time/extend', {
      child_id: a.childId,
    });
    expect(extend.statusCode).toBe(404);
    expect(extend.json()).toMatchObject({ code: 'not_found', message: 'Ребёнок не найден' });
    expect((await screenTimeOf(a)).extra_minutes).toBe(0);
  });
});

describe('minutes watched today', () => {
  it('counts watching from the reports, and a seek to the end does not add minutes', async () => {
    const f = await world.family();
    expect(await screenTimeOf(f)).toMatchObject({ minutes_today: 0, resting: false });
    expect(await watch(f, 120)).toMatchObject({ minutes_today: 2, minutes_left: null });

    // The slider dragged far ahead a second later: one second counts.
    world.time.advance(1_000);
    await world.post(f.token, '/api/profile/achievements/video', {
      child_id: f.childId,
      lesson_id: await world.lessonId(PREVIEW),
      position_seconds: 5000,
    });
    expect((await screenTimeOf(f)).minutes_today).toBe(2);

    // Erasing the lesson statistics erases the day's minutes too.
    const erased = await world.get(f.token, '/api/profile/deleteLessonStats');
    expect(erased.statusCode, erased.body).toBe(200);
    expect((await screenTimeOf(f)).minutes_today).toBe(0);
  });

  it('rests when the limit is reached, on every device, until a grown-up adds 15 minutes', async () => {
    const f = await world.family();
    await setLimits(f, { daily_limit_minutes: 15 });
    const almost = await watch(f, 14 * 60);
    expect(almost).toMatchObject({ resting: false, minutes_left: 1 });
    const done = await watch(f, 60, 14 * 60);
    expect(done).toMatchObject({
      minutes_today: 15,
      resting: true,
      reason: 'limit',
      minutes_left: 0,
    });
    // Another device asks: the same answer, from the server.
    expect(await screenTimeOf(f)).toMatchObject({ resting: true, reason: 'limit' });

    const extended = await world.post(f.token, '/api/profile/screen-time/extend', {
      child_id: f.childId,
    });
    expect(extended.statusCode, extended.body).toBe(200);
    expect(extended.json<{ data: ScreenTime }>().data).toMatchObject({
      resting: false,
      extra_minutes: 15,
      minutes_left: 15,
    });
    expect(await watch(f, 15 * 60, 15 * 60)).toMatchObject({ resting: true, minutes_today: 30 });
  });

  it('allows an hour of extensions a day, then answers 409 in Russian', async () => {
    const f = await world.family();
    await setLimits(f, { daily_limit_minutes: 15 });
    for (let i = 1; i <= 4; i += 1) {
      const res = await world.post(f.token, '/api/profile/screen-time/extend', {
        child_id: f.childId,
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    const fifth = await world.post(f.token, '/api/profile/screen-time/extend', {
      child_id: f.childId,
    });
    expect(fifth.statusCode).toBe(409);
    expect(fifth.json()).toMatchObject({ code: 'conflict' });
    expect(fifth.json<{ message: string }>().message).toContain('60\u00a0минут');
    expect(await screenTimeOf(f)).toMatchObject({ extra_minutes: 60, can_extend: false });
  });

  it('rests after the evening hour, Moscow time without a region, and a new Moscow day starts from zero', async () => {
    const f = await world.family();
    await setLimits(f, { daily_limit_minutes: 60, no_lessons_after: 18 });
    await watch(f, 5 * 60);
    expect((await screenTimeOf(f)).resting).toBe(false);
    // 12:05 → 18:00 in Moscow.
    moveTo('2026-11-24T15:00:00Z');
    expect(await screenTimeOf(f)).toMatchObject({
      resting: true,
      reason: 'late',
      minutes_today: 5,
    });

    // Midnight in Moscow is 21:00 UTC: a new day, nothing watched, lessons open.
    moveTo('2026-11-24T21:00:00Z');
    expect(await screenTimeOf(f)).toMatchObject({
      day: '2026-11-25',
      minutes_today: 0,
      resting: false,
    });
  });

  it('keeps the day and the evening hour by the family’s clock: Vladivostok’s 19:00 is its own', async () => {
    const [region] = await world.db
      .select({ id: regions.id })
      .from(regions)
      .where(eq(regions.code, 'RU-PRI'));
    const east = await world.family();
    const saved = await world.post(east.token, '/api/profile/update', { region_id: region?.id });
    expect(saved.statusCode, saved.body).toBe(200);
    const moscow = await world.family();
    for (const f of [east, moscow]) {
      expect((await setLimits(f, { no_lessons_after: 19 })).statusCode).toBe(200);
    }
    // 18:55 in Vladivostok, 11:55 in Moscow.
    moveTo('2026-11-25T08:55:00Z');
    await watch(east, 2 * 60);
    expect(await screenTimeOf(east)).toMatchObject({ day: '2026-11-25', resting: false });
    moveTo('2026-11-25T09:00:00Z');
    expect(await screenTimeOf(east)).toMatchObject({
      resting: true,
      reason: 'late',
      minutes_today: 2,
    });
    expect((await screenTimeOf(moscow)).resting).toBe(false);

    // Midnight in Vladivostok (14:00 UTC): its new day starts from zero; Moscow's day goes on.
    moveTo('2026-11-25T14:00:00Z');
    expect(await screenTimeOf(east)).toMatchObject({
      day: '2026-11-26',
      minutes_today: 0,
      resting: false,
    });
    expect((await screenTimeOf(moscow)).day).toBe('2026-11-25');
  });
});
