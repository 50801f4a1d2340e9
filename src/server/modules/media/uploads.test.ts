// Lesson files uploaded the way the back office uploads them: the real tus client over real HTTP, in small
// chunks, resumed after a break; then a lesson made of them that a child with a subscription plays.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as tus from 'tus-js-client';
import type { MediaUpload } from '@contract/api/admin-learning';
import type { LessonsPage } from '@contract/api/lessons';
import { adminAudit, lessons, mediaUploads, programWeeks } from '../../db/schema/index';
import { createTestApp, testConfig } from '../../testing/test-app';
import { bearer } from '../auth/accounts-testing';
import { learningWorld } from '../learning/learning-testing';
import { staffSession } from '../../testing/staff';

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

interface Sent {
  result: MediaUpload;
  progress: number[];
}

/** Uploads `bytes` as the admin's form does; resolves with the server's findings, rejects with its message. */
function upload(
  token: string,
  bytes: Buffer,
  meta: { kind: string; filename: string },
  options: { chunkSize?: number; endpoint?: string; uploadUrl?: string } = {},
): Promise<Sent> {
  const progress: number[] = [];
  return new Promise((resolve, reject) => {
    const sending = new tus.Upload(bytes, {
      endpoint: options.endpoint ?? `${base}/api/admin/uploads`,
      uploadUrl: options.uploadUrl ?? null,
      headers: bearer(token),
      metadata: meta,
      chunkSize: options.chunkSize ?? 8 * 1024,
      retryDelays: [],
      onProgress: (sentBytes) => progress.push(sentBytes),
      onSuccess: ({ lastResponse }) =>
        resolve({
          result: (JSON.parse(lastResponse.getBody()) as { data: MediaUpload }).data,
          progress,
        }),
      onError: (error) => {
        const body = (error as tus.DetailedError).originalResponse?.getBody() ?? '';
        const status = (error as tus.DetailedError).originalResponse?.getStatus() ?? 0;
        let message = body;
        try {
          message = (JSON.parse(body) as { message: string }).message;
        } catch {
          // not JSON: keep the text
        }
        reject(new Error(`${status} ${message}`));
      },
    });
    sending.start();
  });
}

const fixture = (name: string) => readFile(join(FIXTURES, name));

async function weekOneOfFourFive(): Promise<number> {
  return world.weekIdOf('four-five-w1-l1');
}

describe('resumable uploads of lesson files', () => {
  it('takes a video in chunks, reads its duration and takes a poster frame on the server', async () => {
    const token = await staff('editor');
    const video = await fixture('lesson.mp4');
    const { result, progress } = await upload(token, video, {
      kind: 'video',
      filename: 'Урок про круги.mp4',
    });
    expect(progress.length).toBeGreaterThan(1);
    expect(progress.at(-1)).toBe(video.length);
    expect(result).toMatchObject({
      kind: 'video',
      original_name: 'Урок про круги.mp4',
      size_bytes: video.length,
      duration_seconds: 3,
    });
    const poster = await world.app.inject({ url: result.poster_url ?? '' });
    expect(poster.statusCode).toBe(200);
    expect(poster.headers['content-type']).toBe('image/jpeg');
    expect(poster.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    const played = await world.app.inject({ url: result.url, headers: { range: 'bytes=0-99' } });
    expect(played.statusCode).toBe(206);
    expect(played.headers['content-type']).toBe('video/mp4');
  });

  it('resumes a broken upload where the server stopped instead of starting again', async () => {
    const token = await staff('editor');
    const video = await readFile(join(SEED_MEDIA, 'count-three.webm'));
    // The first attempt sends its first chunk and is stopped, as a dropped connection would stop it.
    const url = await new Promise<string>((resolve, reject) => {
      const first: tus.Upload = new tus.Upload(video, {
        endpoint: `${base}/api/admin/uploads`,
        headers: bearer(token),
        metadata: { kind: 'video', filename: 'count.webm' },
        chunkSize: 32 * 1024,
        retryDelays: [],
        onChunkComplete: () => {
          void first.abort().then(() => resolve(first.url ?? ''));
        },
        onError: reject,
      });
      first.start();
    });
    const head = await fetch(`${base}${new URL(url, base).pathname}`, {
      method: 'HEAD',
      headers: { ...bearer(token), 'tus-resumable': '1.0.0' },
    });
    expect(head.status).toBe(200);
    expect(Number(head.headers.get('upload-offset'))).toBe(32 * 1024);

    const { result, progress } = await upload(
      token,
      video,
      { kind: 'video', filename: 'count.webm' },
      { uploadUrl: new URL(url, base).toString(), chunkSize: 64 * 1024 },
    );
    expect(Math.min(...progress)).toBeGreaterThanOrEqual(32 * 1024);
    expect(result.duration_seconds).toBe(12);
  });

  it('turns SubRip subtitles into WebVTT and refuses files that are not what they claim', async () => {
    const token = await staff('admin');
    const srt = Buffer.from('1\n00:00:00,500 --> 00:00:02,000\nРаз, два, три!\n', 'utf8');
    const { result } = await upload(token, srt, { kind: 'subtitles', filename: 'urok.srt' });
    const vtt = await world.app.inject({ url: result.url });
    expect(vtt.headers['content-type']).toBe('text/vtt; charset=utf-8');
    expect(vtt.body).toBe('WEBVTT\n\n1\n00:00:00.500 --> 00:00:02.000\nРаз, два, три!\n');

    const before = await world.db.select({ id: mediaUploads.id }).from(mediaUploads);
    const picture = await readFile(join(SEED_MEDIA, 'count-three.jpg'));
    await expect(upload(token, picture, { kind: 'video', filename: 'fake.mp4' })).rejects.toThrow(
      '422 Это не видео в формате MP4 или WebM',
    );
    await expect(
      upload(token, await fixture('sound-only.m4a'), { kind: 'video', filename: 'sound.mp4' }),
    ).rejects.toThrow('422 В файле нет видеодорожки');
    await expect(
      upload(token, await fixture('no-duration.webm'), { kind: 'video', filename: 'live.webm' }),
    ).rejects.toThrow('422 В файле не записана длительность');
    await expect(upload(token, picture, { kind: 'video', filename: 'kadr.jpg' })).rejects.toThrow(
      '422 Нужен файл: видео в формате MP4 или WebM',
    );
    await expect(
      upload(token, Buffer.from('просто текст'), { kind: 'subtitles', filename: 'a.vtt' }),
    ).rejects.toThrow('422 Это не субтитры');
    await expect(upload(token, picture, { kind: 'subtitles', filename: 'a.vtt' })).rejects.toThrow(
      /422 Субтитры должны быть в кодировке UTF-8|422 Это не субтитры/,
    );
    // A NUL in the name would reach PostgreSQL, which refuses it: the editor would hear «try again».
    await expect(
      upload(token, srt, { kind: 'subtitles', filename: 'urok\u0000.srt' }),
    ).rejects.toThrow('422 Имя файла содержит недопустимые символы');
    expect(await world.db.select({ id: mediaUploads.id }).from(mediaUploads)).toHaveLength(
      before.length,
    );

    const tooBig = await fetch(`${base}/api/admin/uploads`, {
      method: 'POST',
      headers: {
        ...bearer(token),
        'tus-resumable': '1.0.0',
        'upload-length': String(2 * 1024 * 1024),
        'upload-metadata': `kind ${Buffer.from('subtitles').toString('base64')},filename ${Buffer.from('a.vtt').toString('base64')}`,
      },
    });
    expect(tooBig.status).toBe(413);
    expect(((await tooBig.json()) as { message: string }).message).toBe('Файл больше 1\u00a0МБ');
  });

  it('refuses a video whose header claims an absurd length or is cut short', async () => {
    const token = await staff('editor');
    const video = Buffer.from(await fixture('lesson.mp4'));
    // mvhd, version 0: timescale at +16 and duration at +20 from the box type.
    const at = video.indexOf('mvhd');
    video.writeUInt32BE(1, at + 16);
    video.writeUInt32BE(0xfffffff0, at + 20);
    await expect(upload(token, video, { kind: 'video', filename: 'long.mp4' })).rejects.toThrow(
      '422 Видео длиннее шести часов',
    );
    const cut = (await fixture('lesson.mp4')).subarray(0, at + 12);
    await expect(upload(token, cut, { kind: 'video', filename: 'cut.mp4' })).rejects.toThrow(
      /^422 /,
    );
  });

  it('checks a file once when its last chunk comes twice', async () => {
    const token = await staff('editor');
    const text = Buffer.from('WEBVTT\n\n00:00.000 --> 00:01.000\nРаз\n');
    const started = await fetch(`${base}/api/admin/uploads`, {
      method: 'POST',
      headers: {
        ...bearer(token),
        'tus-resumable': '1.0.0',
        'upload-length': String(text.length),
        'upload-metadata': `kind ${Buffer.from('subtitles').toString('base64')},filename ${Buffer.from('a.vtt').toString('base64')}`,
      },
    });
    const url = `${base}${started.headers.get('location') ?? ''}`;
    const patch = (body: Buffer, offset: number) =>
      fetch(url, {
        method: 'PATCH',
        headers: {
          ...bearer(token),
          'tus-resumable': '1.0.0',
          'upload-offset': String(offset),
          'content-type': 'application/offset+octet-stream',
        },
        body: new Uint8Array(body),
      });
    const [whole, again] = await Promise.all([
      patch(text, 0),
      new Promise<Response>((resolve) => {
        setTimeout(() => resolve(patch(Buffer.alloc(0), text.length)), 5);
      }),
    ]);
    expect(whole.status).toBe(200);
    expect([404, 409, 423]).toContain(again.status);
    const late = await patch(Buffer.alloc(0), text.length);
    expect(late.status).toBe(404);
  });

  it('lets only editors and administrators upload, each into their own uploads', async () => {
    const start = (headers: Record<string, string>) =>
      fetch(`${base}/api/admin/uploads`, {
        method: 'POST',
        headers: {
          ...headers,
          'tus-resumable': '1.0.0',
          'upload-length': '10',
          'upload-metadata': `kind ${Buffer.from('subtitles').toString('base64')},filename ${Buffer.from('a.vtt').toString('base64')}`,
        },
      });
    expect((await start({})).status).toBe(401);
    expect((await start(bearer(await staff('support')))).status).toBe(403);
    const f = await world.family();
    expect((await start(bearer(f.token))).status).toBe(403);

    const mine = await start(bearer(await staff('editor')));
    expect(mine.status).toBe(201);
    const location = mine.headers.get('location') ?? '';
    const stranger = await fetch(`${base}${location}`, {
      method: 'PATCH',
      headers: {
        ...bearer(await staff('admin')),
        'tus-resumable': '1.0.0',
        'upload-offset': '0',
        'content-type': 'application/offset+octet-stream',
      },
      body: 'WEBVTT\n\n\n\n',
    });
    expect(stranger.status).toBe(404);
  });
});

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
    const config = testConfig({ FFMPEG_PATH: '/nonexistent/ffmpeg' });
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
          await readFile(join(SEED_MEDIA, 'count-three.jpg')),
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
