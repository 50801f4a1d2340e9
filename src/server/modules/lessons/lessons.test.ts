import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { LessonsPage } from '@contract/api/lessons';
import {
  additionalPrograms,
  childAdditionalPrograms,
  childWeeks,
  familySubscriptions,
  lessons,
  programWeeks,
  tariffs,
} from '../../db/schema/index';
import { formatMoscowDate } from '@contract/moscow-date';
import { bearer } from '../../testing/accounts';
import { DAY, MINUTE, learningWorld } from '../../testing/learning';

// The same world as the learning calls' tests: a seeded school on a clock the tests move.
const world = learningWorld();
const { time } = world;
let trialId: number;

beforeAll(async () => {
  const [trial] = await world.db
    .select({ id: tariffs.id })
    .from(tariffs)
    .where(eq(tariffs.isFree, true));
  trialId = trial?.id ?? 0;
});

/** A family with one four-year-old child, added now. */
const family = () => world.family();

async function page(token: string | null, query: Record<string, string | number> = {}) {
  const search = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]));
  return world.app.inject({
    url: `/api/profile/lessons?${search}`,
    headers: token ? bearer(token) : {},
  });
}

async function lessonsOf(token: string, query: Record<string, string | number>) {
  const res = await page(token, query);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: LessonsPage }>().data;
}

const startTrial = (token: string) =>
  world.app.inject({
    method: 'POST',
    url: '/api/store/subscription/activate',
    headers: bearer(token),
    payload: { subscription_id: trialId },
  });

describe('GET /api/profile/lessons', () => {
  it('without a subscription opens only the first lesson of the program, with its media', async () => {
    const f = await family();
    const data = await lessonsOf(f.token, { child_id: f.childId });
    expect(data.program.slug).toBe('four-five');
    expect(data.week).toBe(1);
    expect(data.weeks.map((w) => w.number)).toEqual([1, 2, 3, 4]);
    const [first, ...rest] = data.lessons;
    expect(first).toMatchObject({ is_preview: true, available: true, lock_reason: null });
    expect(first?.video.url).toMatch(/^\/lesson-media\/demo\/.+\.webm\?expires=\d+&signature=/);
    expect(first?.video.subtitles).toMatch(/\.vtt\?/);
    expect(rest).toHaveLength(2);
    for (const lesson of rest) {
      expect(lesson).toMatchObject({ available: false, lock_reason: 'no_subscription' });
      expect(lesson.video.url).toBeNull();
      expect(lesson.video.subtitles).toBeNull();
      expect(lesson.video.poster).toMatch(/\.jpg\?/);
      expect(lesson.lock_message).toMatch(/подпиской/);
    }
  });

  it('with the trial opens the current week, and its video plays with byte ranges', async () => {
    const f = await family();
    expect((await startTrial(f.token)).statusCode).toBe(201);
    const data = await lessonsOf(f.token, { child_id: f.childId });
    expect(data.lessons.every((l) => l.available)).toBe(true);
    expect(data.weeks.map((w) => w.open)).toEqual([true, false, false, false]);

    const url = data.lessons[1]?.video.url ?? '';
    const whole = await world.app.inject({ url });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toBe('video/webm');
    const part = await world.app.inject({ url, headers: { range: 'bytes=0-1023' } });
    expect(part.statusCode).toBe(206);
    expect(part.rawPayload).toHaveLength(1024);
    const subtitles = await world.app.inject({ url: data.lessons[1]?.video.subtitles ?? '' });
    expect(subtitles.headers['content-type']).toBe('text/vtt; charset=utf-8');
    expect(subtitles.body).toMatch(/^WEBVTT/);
  });

  it('gives the printable task of an open lesson, and none while the lesson is closed', async () => {
    const code = 'four-five-w1-l2';
    const key = 'tasks/four-five-w1-l2.pdf';
    const pdf = Buffer.from('%PDF-1.4\n% задание: обведи все круги\n%%EOF\n');
    await world.media.put(key, pdf, 'application/pdf');
    await world.db.update(lessons).set({ taskKey: key }).where(eq(lessons.code, code));
    try {
      const f = await family();
      const closed = await lessonsOf(f.token, { child_id: f.childId });
      expect(closed.lessons.map((l) => l.task)).toEqual([null, null, null]);

      expect((await startTrial(f.token)).statusCode).toBe(201);
      const open = await lessonsOf(f.token, { child_id: f.childId });
      const [first, second, third] = open.lessons;
      expect([first?.task, third?.task]).toEqual([null, null]);
      expect(second?.task).toMatch(/^\/lesson-media\/tasks\/four-five-w1-l2\.pdf\?expires=/);
      const file = await world.app.inject({ url: second?.task ?? '' });
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('application/pdf');
      expect(file.rawPayload.equals(pdf)).toBe(true);
    } finally {
      await world.db.update(lessons).set({ taskKey: null }).where(eq(lessons.code, code));
    }
  });

  it('keeps the next week closed in either study mode while the trial does not cover it', async () => {
    const f = await family();
    await startTrial(f.token);
    const scheduled = await lessonsOf(f.token, { child_id: f.childId, week: 2 });
    expect(scheduled.lessons.map((l) => l.lock_reason)).toEqual(Array(3).fill('week_not_open'));
    await world.app.inject({
      method: 'POST',
      url: '/api/profile/child/update',
      headers: bearer(f.token),
      payload: { id: f.childId, study_mode: 'free' },
    });
    const free = await lessonsOf(f.token, { child_id: f.childId, week: 2 });
    expect(free.lessons.every((l) => !l.available)).toBe(true);
    expect(free.lessons[0]?.lock_message).toMatch(/оплаченный период/);
  });

  it('opens every paid week at once in the free mode and one a week on the schedule', async () => {
    const f = await family();
    const [paid] = await world.db
      .select({ id: tariffs.id })
      .from(tariffs)
      .where(eq(tariffs.isFree, false))
      .limit(1);
    const now = time.clock();
    await world.db.insert(familySubscriptions).values({
      userId: f.userId,
      tariffId: paid?.id ?? 0,
      source: 'purchase',
      amountChildren: 1,
      startsAt: now,
      endsAt: new Date(now.getTime() + 30 * DAY),
    });
    const setMode = async (studyMode: 'free' | 'schedule') => {
      const res = await world.app.inject({
        method: 'POST',
        url: '/api/profile/child/update',
        headers: bearer(f.token),
        payload: { id: f.childId, study_mode: studyMode },
      });
      expect(res.statusCode).toBe(200);
    };
    const week3 = async () => lessonsOf(f.token, { child_id: f.childId, week: 3 });

    const scheduled = await week3();
    expect(scheduled.weeks.map((w) => w.open)).toEqual([true, false, false, false]);
    expect(scheduled.lessons.map((l) => l.lock_reason)).toEqual(Array(3).fill('week_not_open'));

    await setMode('free');
    const free = await week3();
    expect(free.weeks.map((w) => w.open)).toEqual([true, true, true, true]);
    expect(free.lessons.every((l) => l.available && l.video.url !== null)).toBe(true);

    await setMode('schedule');
    time.advance(8 * DAY);
    const later = await week3();
    expect(later.weeks.map((w) => w.open)).toEqual([true, true, false, false]);
    expect(later.lessons.every((l) => !l.available)).toBe(true);
  });

  it('closes everything but the preview when the trial has ended', async () => {
    const f = await family();
    await startTrial(f.token);
    time.advance(8 * DAY);
    const data = await lessonsOf(f.token, { child_id: f.childId, week: 1 });
    expect(data.lessons.map((l) => l.available)).toEqual([true, false, false]);
    expect(data.lessons[1]?.lock_reason).toBe('no_subscription');
    // The trial was this family's: it is not offered again.
    expect(data.lessons[1]?.lock_message).toBe('Урок откроется с подпиской');
  });

  it('during «каникулы» says when the lessons come back, and ending them early opens them', async () => {
    const f = await family();
    const [paid] = await world.db
      .select({ id: tariffs.id })
      .from(tariffs)
      .where(eq(tariffs.isFree, false))
      .limit(1);
    const now = time.clock();
    await world.db.insert(familySubscriptions).values({
      userId: f.userId,
      tariffId: paid?.id ?? 0,
      source: 'purchase',
      amountChildren: 1,
      startsAt: now,
      endsAt: new Date(now.getTime() + 30 * DAY),
    });
    const post = (url: string, payload?: object) =>
      world.app.inject({
        method: 'POST',
        url,
        headers: bearer(f.token),
        ...(payload ? { payload } : {}),
      });
    expect((await post('/api/profile/pause', { weeks: 3 })).statusCode).toBe(200);

    const paused = await lessonsOf(f.token, { child_id: f.childId, week: 1 });
    expect(paused.lessons.map((l) => l.available)).toEqual([true, false, false]);
    expect(paused.lessons[1]).toMatchObject({
      lock_reason: 'paused',
      lock_message: `Каникулы до ${formatMoscowDate(new Date(now.getTime() + 21 * DAY))}: тогда уроки откроются снова`,
    });
    // A lesson's progress is refused in the same words.
    const report = await post('/api/profile/achievements/video', {
      child_id: f.childId,
      lesson_id: paused.lessons[1]?.id,
      position_seconds: 5,
    });
    expect(report.statusCode).toBe(403);
    expect(report.json().message).toMatch(/^Каникулы до /);

    time.advance(2 * DAY);
    expect((await post('/api/profile/pause/resume')).statusCode).toBe(200);
    const back = await lessonsOf(f.token, { child_id: f.childId, week: 1 });
    expect(back.lessons.every((l) => l.available && l.lock_reason === null)).toBe(true);
  });

  it('opens a bought week without a subscription', async () => {
    const f = await family();
    const [week] = await world.db
      .select({ id: programWeeks.id })
      .from(programWeeks)
      .innerJoin(lessons, eq(lessons.weekId, programWeeks.id))
      .where(eq(lessons.code, 'four-five-w2-l1'));
    if (!week) throw new Error('no week 2');
    await world.db.insert(childWeeks).values({ childId: f.childId, weekId: week.id });
    const data = await lessonsOf(f.token, { child_id: f.childId, week: 2 });
    expect(data.lessons.every((l) => l.available)).toBe(true);
    expect(data.weeks.find((w) => w.number === 2)?.open).toBe(true);
  });

  it('opens an additional program only for the child it was bought for', async () => {
    const f = await family();
    await startTrial(f.token);
    const before = await lessonsOf(f.token, {
      child_id: f.childId,
      type: 'additional',
      program: 'english',
    });
    expect(before.lessons.map((l) => l.available)).toEqual([true, false, false]);
    expect(before.lessons[1]?.lock_reason).toBe('program_not_bought');

    const [english] = await world.db
      .select({ id: additionalPrograms.id })
      .from(additionalPrograms)
      .where(eq(additionalPrograms.slug, 'english'));
    await world.db
      .insert(childAdditionalPrograms)
      .values({ childId: f.childId, additionalProgramId: english?.id ?? 0 });
    const after = await lessonsOf(f.token, {
      child_id: f.childId,
      type: 'additional',
      program: 'english',
    });
    expect(after.lessons.every((l) => l.available)).toBe(true);
  });

  it('plays nothing of a program not on sale yet, its first lesson included', async () => {
    const f = await family();
    const page = await lessonsOf(f.token, {
      child_id: f.childId,
      type: 'additional',
      program: 'road-alphabet',
    });
    expect(page.lessons.length).toBeGreaterThan(0);
    for (const lesson of page.lessons) {
      expect(lesson).toMatchObject({ is_preview: false, available: false });
      expect(lesson.video.url).toBeNull();
    }
    const report = await world.app.inject({
      method: 'POST',
      url: '/api/profile/achievements/video',
      headers: bearer(f.token),
      payload: { child_id: f.childId, lesson_id: page.lessons[0]?.id, position_seconds: 5 },
    });
    expect(report.statusCode).toBe(403);
  });

  it('shows another age group’s program closed but for its preview', async () => {
    const f = await family();
    await startTrial(f.token);
    const data = await lessonsOf(f.token, { child_id: f.childId, program: 'six-seven' });
    expect(data.lessons.map((l) => l.lock_reason)).toEqual([
      null,
      'other_program',
      'other_program',
    ]);
  });

  it('without a child gives the previews and asks to choose a child', async () => {
    const f = await family();
    await startTrial(f.token);
    const data = await lessonsOf(f.token, {});
    expect(data.child_id).toBeNull();
    expect(data.lessons.map((l) => l.lock_reason)).toEqual([null, 'sign_in', 'sign_in']);
  });

  it('treats another family’s child as unknown', async () => {
    const a = await family();
    const b = await family();
    const res = await page(b.token, { child_id: a.childId });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('not_found');
  });

  it('asks a guest to sign in', async () => {
    expect((await page(null)).statusCode).toBe(401);
  });

  it('answers bad filters in Russian', async () => {
    const f = await family();
    const queries: Record<string, string>[] = [
      { child_id: 'abc' },
      { child_id: '-1' },
      { type: 'secret' },
      { program: '../../etc' },
      { program: 'nine-ten' },
      { type: 'additional' },
      { week: '0' },
    ];
    for (const query of queries) {
      const res = await page(f.token, query);
      expect(res.statusCode, JSON.stringify(query)).toBe(422);
      expect(res.json().message).toMatch(/[а-я]/i);
    }
    expect((await page(f.token, { week: 99 })).statusCode).toBe(404);
  });

  it('hands out media URLs that play for 30 minutes, stop within a minute after, and refuse edits', async () => {
    const f = await family();
    const data = await lessonsOf(f.token, { child_id: f.childId });
    const url = data.lessons[0]?.video.url ?? '';
    // One character of the signature changed (to another one: a signature may start with «x» itself).
    const edited = url.replace(/signature=(.)/, (_, first: string) =>
      first === 'x' ? 'signature=y' : 'signature=x',
    );
    expect(edited).not.toBe(url);
    expect((await world.app.inject({ url: edited })).statusCode).toBe(403);
    const other = url.replace(/demo\/[a-z0-9-]+\.webm/, 'demo/english-l3.webm');
    expect((await world.app.inject({ url: other })).statusCode).toBe(403);
    time.advance(30 * MINUTE - 1000);
    expect((await world.app.inject({ url, headers: { range: 'bytes=0-9' } })).statusCode).toBe(206);
    time.advance(MINUTE + 1000);
    expect((await world.app.inject({ url })).statusCode).toBe(403);
  });
});
