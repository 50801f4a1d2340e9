import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OutlineLesson, ProgramOutline } from '@contract/api/program-outline';
import { users } from '../../db/schema/index';
import { defaultSeedContent } from '../../db/seed/default-content';
import { seedDatabase } from '../../db/seed/seed';
import { manualClock } from '../../testing/fixtures';
import { createTestApp, testConfig } from '../../testing/test-app';
import { createTestDatabase, type TestDatabase } from '../../testing/test-database';
import { bearer } from '../../testing/accounts';
import { createSession } from '../auth/service';
import { PREVIEW_URL_MIN_LIFE_SECONDS } from './service';

let database: TestDatabase;
let app: FastifyInstance;
const time = manualClock('2026-11-24T09:03:00Z');
const MINUTE = 60 * 1000;

beforeAll(async () => {
  database = await createTestDatabase();
  await seedDatabase({ db: database.db, config: testConfig(), content: defaultSeedContent });
  app = await createTestApp({ db: database.db, clock: time.clock });
});

afterAll(async () => {
  await app.close();
  await database.close();
});

const outline = (query: string, headers: Record<string, string> = {}) =>
  app.inject({ url: `/api/program-outline?${query}`, headers });

async function outlineOf(query: string): Promise<ProgramOutline> {
  const res = await outline(query);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: ProgramOutline }>().data;
}

const lessonsOf = (data: ProgramOutline): OutlineLesson[] => [
  ...data.weeks.flatMap((w) => w.lessons),
  ...data.lessons,
];

describe('GET /api/program-outline', () => {
  it('gives a guest the weeks and lessons of a main program, the first lesson playable', async () => {
    const res = await outline('type=main&program=four-five');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=60');
    const data = res.json<{ data: ProgramOutline }>().data;
    expect(data.type).toBe('main');
    expect(data.lessons).toEqual([]);
    expect(data.weeks.length).toBeGreaterThanOrEqual(4);
    expect(data.weeks.map((w) => w.number)).toEqual(data.weeks.map((_, i) => i + 1));
    for (const week of data.weeks) {
      expect(week.lessons.length).toBeGreaterThanOrEqual(3);
      for (const lesson of week.lessons) {
        expect(lesson.title).not.toBe('');
        expect(lesson.duration_seconds).toBeGreaterThan(0);
        expect(lesson.poster).toMatch(/^\/lesson-media\/demo\/.+\.jpg\?expires=\d+&signature=/);
      }
    }
    const previews = lessonsOf(data).filter((l) => l.preview !== null);
    expect(previews).toHaveLength(1);
    const [preview] = previews;
    expect(preview?.id).toBe(data.weeks[0]?.lessons[0]?.id);
    expect(preview?.is_preview).toBe(true);
    expect(lessonsOf(data).filter((l) => l.is_preview)).toHaveLength(1);

    // The preview really plays, byte ranges included, with its subtitles.
    const video = await app.inject({
      url: preview?.preview?.url ?? '',
      headers: { range: 'bytes=0-99' },
    });
    expect(video.statusCode).toBe(206);
    expect(video.headers['content-type']).toBe('video/webm');
    const subtitles = await app.inject({ url: preview?.preview?.subtitles ?? '' });
    expect(subtitles.statusCode).toBe(200);
    expect(subtitles.body).toContain('WEBVTT');
  });

  it('answers a parent exactly as a guest: the outline is the same for everyone', async () => {
    const [user] = await database.db
      .insert(users)
      .values({ email: 'outline@example.ru', name: 'Родитель' })
      .returning();
    const token = await createSession({
      db: database.db,
      clock: time.clock,
      userId: user?.id ?? 0,
    });
    const guest = await outline('type=main&program=two-three');
    const parent = await outline('type=main&program=two-three', bearer(token));
    expect(parent.statusCode).toBe(200);
    expect(parent.json()).toEqual(guest.json());
  });

  it('signs URLs per window, so a cached answer still plays for minutes', async () => {
    const first = await outlineOf('type=main&program=three-four');
    time.advance(MINUTE);
    const later = await outlineOf('type=main&program=three-four');
    // Same window: the same URLs, so a cache and a fresh answer agree.
    expect(later).toEqual(first);
    const expiresAt = new Date(first.weeks[0]?.lessons[0]?.preview?.expires_at ?? 0).getTime();
    expect(expiresAt - time.clock().getTime()).toBeGreaterThanOrEqual(
      PREVIEW_URL_MIN_LIFE_SECONDS * 1000 - MINUTE,
    );
    // A minute past the cache's limit, the URL of the first answer still opens.
    time.advance(2 * MINUTE);
    const url = first.weeks[0]?.lessons[0]?.preview?.url ?? '';
    expect((await app.inject({ url, headers: { range: 'bytes=0-9' } })).statusCode).toBe(206);
    // And once it expired it does not.
    time.advance(PREVIEW_URL_MIN_LIFE_SECONDS * 1000 + 10 * MINUTE);
    expect((await app.inject({ url })).statusCode).toBe(403);
  });

  it('lists an additional program as lessons, the first one the preview', async () => {
    const data = await outlineOf('type=additional&program=english');
    expect(data.type).toBe('additional');
    expect(data.weeks).toEqual([]);
    expect(data.program).toMatchObject({ slug: 'english', locked: false });
    expect(data.lessons.length).toBeGreaterThanOrEqual(3);
    expect(data.lessons.map((l) => l.preview !== null)).toEqual(
      data.lessons.map((_, i) => i === 0),
    );
  });

  it('plays nothing of a program not on sale yet', async () => {
    const data = await outlineOf('type=additional&program=road-alphabet');
    expect(data.program.locked).toBe(true);
    expect(data.lessons.every((l) => l.preview === null && !l.is_preview)).toBe(true);
  });

  it.each([
    ['type=main&program=nine-ten', 'Такой программы нет'],
    ['type=additional&program=four-five', 'Такой программы нет'],
    ['type=main&program=english', 'Такой программы нет'],
  ])('%s → 404 in Russian', async (query, message) => {
    const res = await outline(query);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'not_found', message, errors: { error: [message] } });
  });

  it.each([
    ['type=video&program=four-five', 'type', 'Выберите основную или дополнительную программу'],
    ['program=four-five', 'type', 'Выберите основную или дополнительную программу'],
    ['type=main', 'program', 'Выберите программу'],
    ['type=main&program=%3Cscript%3E', 'program', 'Такой программы нет'],
  ])('%s → 422 naming the field', async (query, field, message) => {
    const res = await outline(query);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ code: 'validation_failed', errors: { [field]: [message] } });
  });
});
