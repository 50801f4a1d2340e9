// Lesson files uploaded the way the back office uploads them: the real tus client over real HTTP, in small
// chunks, resumed after a break; then a lesson made of them that a child with a subscription plays.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as tus from 'tus-js-client';
import { mediaUploads } from '../../db/schema/index';
import { bearer } from '../../testing/accounts';
import { learningWorld } from '../../testing/learning';
import { staffSession } from '../../testing/staff';
import { uploadFile } from '../../testing/uploads';

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
    const video = await readFile(join(SEED_MEDIA, 'three-four-w1-l1.webm'));
    // The first attempt sends its first chunk and is stopped, as a dropped connection would stop it.
    const url = await new Promise<string>((resolve, reject) => {
      const first: tus.Upload = new tus.Upload(video, {
        endpoint: `${base}/api/admin/uploads`,
        headers: bearer(token),
        metadata: { kind: 'video', filename: 'count.webm' },
        chunkSize: 8 * 1024,
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
    expect(Number(head.headers.get('upload-offset'))).toBe(8 * 1024);

    const { result, progress } = await upload(
      token,
      video,
      { kind: 'video', filename: 'count.webm' },
      { uploadUrl: new URL(url, base).toString(), chunkSize: 16 * 1024 },
    );
    expect(Math.min(...progress)).toBeGreaterThanOrEqual(8 * 1024);
    // The demo lesson of 3–4 years lasts ten minutes.
    expect(result.duration_seconds).toBe(600);
  });

  it('turns SubRip subtitles into WebVTT and refuses files that are not what they claim', async () => {
    const token = await staff('admin');
    const srt = Buffer.from('1\n00:00:00,500 --> 00:00:02,000\nРаз, два, три!\n', 'utf8');
    const { result } = await upload(token, srt, { kind: 'subtitles', filename: 'urok.srt' });
    const vtt = await world.app.inject({ url: result.url });
    expect(vtt.headers['content-type']).toBe('text/vtt; charset=utf-8');
    expect(vtt.body).toBe('WEBVTT\n\n1\n00:00:00.500 --> 00:00:02.000\nРаз, два, три!\n');

    const before = await world.db.select({ id: mediaUploads.id }).from(mediaUploads);
    const picture = await readFile(join(SEED_MEDIA, 'three-four-w1-l1.jpg'));
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

afterAll(async () => {
  // learningWorld closes the app and the database.
});
