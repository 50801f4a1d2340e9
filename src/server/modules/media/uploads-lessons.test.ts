// Lesson files uploaded the way the back office uploads them: the real tus client over real HTTP, in small
// chunks, resumed after a break; then a lesson made of them that a child with a subscription plays.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LessonsPage } from '@contract/api/lessons';
import { adminAudit, lessons, programWeeks } from '../../db/schema/index';
import { createTestApp, testConfig } from '../../testing/test-app';
import { bearer } from '../../testing/accounts';
import { learningWorld } from '../../testing/learning';
import { staffSession } from '../../testing/staff';
import { ffmpegMissingBesideFfprobe, uploadFile } from '../../testing/uploads';

const world = learningWorld();
const FIXTURES = join(import.meta.dirname, 'fixtures');
const SEED_MEDIA = join(import.meta.dirname, '../../db/seed/media');
let base = '';

beforeAll(async () => {
  await world.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(world.app.server.address() as AddressInfo).port}`;
});

const staff = (role: 'admin' | 'editor' | 'support') =>
  staffSession({ db: world.db, clock: world.time.clock }, role);

/** Uploads `bytes` as the admin's form does; resolves with the server's findings, rejects with its message. */
const upload = (
  token: string,
  bytes: Buffer,
  meta: { kind: string; filename: string },
  options: { chunkSize?: number; endpoint?: string; uploadUrl?: string } = {},
) => uploadFile(options.endpoint ?? `${base}/api/admin/uploads`, token, bytes, meta, options);

const fixture = (name: string) => readFile(join(FIXTURES, name));

async function weekOneOfFourFive(): Promise<number> {
  return world.weekIdOf('four-five-w1-l1');
}

describe('lessons made of uploaded files', () => {
  it('publishes a lesson that a child with a subscription plays, with its poster and subtitles', async () => {
    const token = await staff('editor');
    const video = (
      await upload(token, await fixture('lesson.mp4'), { kind: 'video', filename: 'l.mp4' })
    ).result;
    const subtitles = (
      await upload(token, Buffer.from('WEBVTT\n\n00:00.000 --> 00:02.000\nКруг!\n'), {
        kind: 'subtitles',
        filename: 'l.vtt',
      })
    ).result;
    const weekId = await weekOneOfFourFive();
    const created = await world.app.inject({
      method: 'POST',
      url: '/api/admin/lessons',
      headers: bearer(token),
      payload: {
        week_id: weekId,
        additional_program_id: null,
        position: 4,
        title: 'Круги вокруг нас',
        description: 'Ищем круглые предметы дома.',
        is_active: true,
        video_upload_id: video.id,
        subtitles_upload_id: subtitles.id,
        poster_upload_id: null,
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const lesson = created.json<{ data: { id: number; duration_seconds: number; code: string } }>()
      .data;
    expect(lesson.duration_seconds).toBe(3);
    expect(lesson.code).toMatch(/^four-five-w1-[0-9a-f]{8}$/);
    const [audit] = await world.db
      .select()
      .from(adminAudit)
      .where(eq(adminAudit.recordId, String(lesson.id)));
    expect(audit).toMatchObject({ action: 'create', resource: 'lessons' });
    // The back office's list finds it in its week, with the place named and the files signed.
    const listed = await world.app.inject({
      url: `/api/admin/lessons?week_id=${weekId}&q=${encodeURIComponent('вокруг')}`,
      headers: bearer(token),
    });
    const rows = listed.json<{ data: { id: number; place_title: string; video_url: string }[] }>()
      .data;
    expect(rows.map((r) => r.id)).toEqual([lesson.id]);
    expect(rows[0]?.place_title).toMatch(/, неделя 1$/);
    expect(rows[0]?.video_url).toBeTruthy();
    const missing = await world.app.inject({
      url: '/api/admin/lessons/999999',
      headers: bearer(token),
    });
    expect(missing.statusCode).toBe(404);

    const f = await world.family();
    await world.startTrial(f);
    const res = await world.app.inject({
      url: `/api/profile/lessons?child_id=${f.childId}`,
      headers: bearer(f.token),
    });
    const page = res.json<{ data: LessonsPage }>().data;
    const shown = page.lessons.find((l) => l.title === 'Круги вокруг нас');
    expect(shown?.available).toBe(true);
    const played = await world.app.inject({
      url: shown?.video.url ?? '',
      headers: { range: 'bytes=0-1023' },
    });
    expect(played.statusCode).toBe(206);
    expect(played.headers['content-type']).toBe('video/mp4');
    expect((await world.app.inject({ url: shown?.video.subtitles ?? '' })).body).toContain('Круг!');
    expect(
      (await world.app.inject({ url: shown?.video.poster ?? '' })).headers['content-type'],
    ).toBe('image/jpeg');

    // Unpublished, it leaves the child's list.
    const hidden = await world.app.inject({
      method: 'PUT',
      url: `/api/admin/lessons/${lesson.id}`,
      headers: bearer(token),
      payload: { week_id: weekId, position: 4, title: 'Круги', description: '', is_active: false },
    });
    expect(hidden.statusCode, hidden.body).toBe(200);
    const after = await world.app.inject({
      url: `/api/profile/lessons?child_id=${f.childId}`,
      headers: bearer(f.token),
    });
    expect(after.json<{ data: LessonsPage }>().data.lessons.map((l) => l.title)).not.toContain(
      'Круги',
    );
  });

  it('refuses a lesson in two places, on a taken position, or with a file of the wrong kind', async () => {
    const token = await staff('admin');
    const weekId = await weekOneOfFourFive();
    const subtitles = (
      await upload(token, Buffer.from('WEBVTT\n'), { kind: 'subtitles', filename: 's.vtt' })
    ).result;
    const send = (payload: object) =>
      world.app.inject({
        method: 'POST',
        url: '/api/admin/lessons',
        headers: bearer(token),
        payload,
      });
    const lessonBody = {
      week_id: weekId,
      position: 9,
      title: 'Урок',
      description: '',
      is_active: true,
      subtitles_upload_id: subtitles.id,
      video_upload_id: subtitles.id,
    };
    const count = async () => (await world.db.select({ id: lessons.id }).from(lessons)).length;
    const before = await count();
    const wrongKind = await send(lessonBody);
    expect(wrongKind.statusCode).toBe(422);
    expect(wrongKind.json<{ errors: Record<string, string[]> }>().errors.video_upload_id).toEqual([
      'Файл не найден или другого вида: загрузите его ещё раз',
    ]);
    const [program] = await world.db.select().from(programWeeks).limit(1);
    const twoPlaces = await send({ ...lessonBody, additional_program_id: program?.id ?? 1 });
    expect(twoPlaces.statusCode).toBe(422);
    const noVideo = await send({ ...lessonBody, video_upload_id: null });
    expect(noVideo.json<{ errors: Record<string, string[]> }>().errors.video_upload_id).toEqual([
      'Загрузите видео урока',
    ]);
    const video = (
      await upload(token, await fixture('lesson.mp4'), { kind: 'video', filename: 'v.mp4' })
    ).result;
    const taken = await send({ ...lessonBody, video_upload_id: video.id, position: 1 });
    expect(taken.statusCode).toBe(422);
    expect(taken.json<{ errors: Record<string, string[]> }>().errors.position?.[0]).toMatch(
      /уже есть урок/,
    );
    expect(await count()).toBe(before);
  });

  it('without ffmpeg on the server still takes the video, and asks the editor for a poster', async () => {
    // ffprobe, which names the codecs, is there; ffmpeg, which takes the frame, is not.
    const config = testConfig({ FFMPEG_PATH: ffmpegMissingBesideFfprobe() });
    const app = await createTestApp({
      db: world.db,
      config,
      clock: world.time.clock,
      media: world.media,
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const endpoint = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/api/admin/uploads`;
      const token = await staff('editor');
      const video = (
        await upload(
          token,
          await fixture('lesson.mp4'),
          { kind: 'video', filename: 'v.mp4' },
          { endpoint },
        )
      ).result;
      expect(video).toMatchObject({ duration_seconds: 3, poster_url: null });
      const subtitles = (
        await upload(
          token,
          Buffer.from('WEBVTT\n'),
          { kind: 'subtitles', filename: 's.vtt' },
          { endpoint },
        )
      ).result;
      const lessonBody = {
        week_id: await weekOneOfFourFive(),
        position: 7,
        title: 'Без обложки',
        description: '',
        is_active: true,
        video_upload_id: video.id,
        subtitles_upload_id: subtitles.id,
      };
      const refused = await app.inject({
        method: 'POST',
        url: '/api/admin/lessons',
        headers: bearer(token),
        payload: lessonBody,
      });
      expect(
        refused.json<{ errors: Record<string, string[]> }>().errors.poster_upload_id?.[0],
      ).toMatch(/загрузите картинку/);
      const picture = (
        await upload(
          token,
          await readFile(join(SEED_MEDIA, 'three-four-w1-l1.jpg')),
          { kind: 'poster', filename: 'oblozhka.jpg' },
          { endpoint },
        )
      ).result;
      const made = await app.inject({
        method: 'POST',
        url: '/api/admin/lessons',
        headers: bearer(token),
        payload: { ...lessonBody, poster_upload_id: picture.id },
      });
      expect(made.statusCode, made.body).toBe(201);
    } finally {
      await app.close();
    }
  });
});

afterAll(async () => {
  // learningWorld closes the app and the database.
});
