// What the server lets ffmpeg and ffprobe do with an uploaded video: name its codecs, so a video browsers
// cannot play is refused, and nothing else — no other file, no other protocol, no unbounded memory or time.
import { execFileSync } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import { mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mediaUploads } from '../../db/schema/index';
import { createTestApp, testConfig } from '../../testing/test-app';
import { createTestDatabase, type TestDatabase } from '../../testing/test-database';
import { staffSession } from '../../testing/staff';
import { TOOL_MEMORY_BYTES, runTool } from './media-tools';
import { posterFrame } from './poster-frame';
import { checkPlayable } from './video-codecs';
import { uploadFile } from '../../testing/uploads';

const FIXTURES = join(import.meta.dirname, 'fixtures');
const SEED_MEDIA = join(import.meta.dirname, '../../db/seed/media');
const work = mkdtempSync(join(tmpdir(), 'umnyashki-video-checks-'));
const config = testConfig({ DATA_DIR: join(work, 'data') });
let database: TestDatabase;
let app: FastifyInstance;
let endpoint = '';

beforeAll(async () => {
  database = await createTestDatabase();
  app = await createTestApp({ db: database.db, config });
  await app.listen({ port: 0, host: '127.0.0.1' });
  endpoint = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/api/admin/uploads`;
});
afterAll(async () => {
  await app.close();
  await database.close();
});

const editor = () => staffSession({ db: database.db, clock: () => new Date() }, 'editor');
const storedFiles = () => {
  try {
    return readdirSync(join(work, 'data', 'media', 'lessons')).length;
  } catch {
    return 0;
  }
};
const rows = async () => (await database.db.select().from(mediaUploads)).length;

describe('the codecs of an uploaded video', () => {
  it('refuses an HEVC QuickTime file, saying what browsers play, and stores nothing', async () => {
    const token = await editor();
    const [filesBefore, rowsBefore] = [storedFiles(), await rows()];
    const hevc = await readFile(join(FIXTURES, 'hevc.mov'));
    await expect(
      uploadFile(endpoint, token, hevc, { kind: 'video', filename: 'С телефона.mov' }),
    ).rejects.toThrow(
      '422 В файле видео HEVC (H.265) — браузеры такое не покажут. Подходит MP4 (видео H.264, звук AAC или MP3) или WebM (видео VP8, VP9 или AV1, звук Opus или Vorbis); звука может и не быть. Сохраните видео заново, например в MP4 с H.264',
    );
    expect(storedFiles()).toBe(filesBefore);
    expect(await rows()).toBe(rowsBefore);

    // H.264 with AAC in MP4 and VP9 in WebM (the demo lessons' own, without sound) go through.
    const mp4 = await uploadFile(endpoint, token, await readFile(join(FIXTURES, 'lesson.mp4')), {
      kind: 'video',
      filename: 'урок.mp4',
    });
    expect(mp4.result.duration_seconds).toBe(3);
    await expect(
      checkPlayable('ffprobe', join(SEED_MEDIA, 'three-four-w1-l1.webm'), 'webm'),
    ).resolves.toBeUndefined();
  });

  it('refuses a video when ffprobe cannot be run, and stores nothing', async () => {
    const blind = await createTestApp({
      db: database.db,
      config: testConfig({ DATA_DIR: join(work, 'data'), FFMPEG_PATH: '/nonexistent/ffmpeg' }),
    });
    await blind.listen({ port: 0, host: '127.0.0.1' });
    try {
      const at = `http://127.0.0.1:${(blind.server.address() as AddressInfo).port}/api/admin/uploads`;
      const [filesBefore, rowsBefore] = [storedFiles(), await rows()];
      await expect(
        uploadFile(at, await editor(), await readFile(join(FIXTURES, 'lesson.mp4')), {
          kind: 'video',
          filename: 'урок.mp4',
        }),
      ).rejects.toThrow(/^503 /);
      expect(storedFiles()).toBe(filesBefore);
      expect(await rows()).toBe(rowsBefore);
    } finally {
      await blind.close();
    }
  });
});

describe('ffmpeg and ffprobe fenced in', () => {
  let server: Server;
  let heard = 0;
  let port = 0;
  beforeAll(async () => {
    server = createServer((_req, res) => {
      heard += 1;
      res.end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  /** A real one-second MPEG-TS clip beside the playlists, as a crafted upload would point at. */
  const segment = join(work, 'segment.ts');
  execFileSync('ffmpeg', [
    '-v',
    'error',
    '-f',
    'lavfi',
    '-i',
    'testsrc=size=64x36:rate=10:duration=1',
    '-c:v',
    'mpeg2video',
    '-f',
    'mpegts',
    '-y',
    segment,
  ]);
  const playlist = (name: string, uri: string) => {
    const path = join(work, name);
    writeFileSync(path, `#EXTM3U\n#EXT-X-TARGETDURATION:1\n#EXTINF:1.0,\n${uri}\n#EXT-X-ENDLIST\n`);
    return path;
  };

  it('never follows a playlist named like a video to another file, a data: URI or the network', async () => {
    const data = `data:video/mp2t;base64,${(await readFile(segment)).toString('base64')}`;
    const crafted = [
      playlist('other-file.mp4', segment),
      playlist('data-uri.mp4', data),
      playlist('network.mp4', `http://127.0.0.1:${port}/segment.ts`),
    ];
    for (const path of crafted) {
      expect(await posterFrame('ffmpeg', path, 1), path).toBeNull();
      await expect(checkPlayable('ffprobe', path, 'mp4'), path).rejects.toThrow(/./);
    }
    expect(heard).toBe(0);
  });

  it('runs each program with a memory ceiling and a time limit', async () => {
    const limit = await runTool('/bin/sh', ['-c', 'ulimit -v']);
    expect(limit).toEqual({ kind: 'done', output: `${TOOL_MEMORY_BYTES / 1024}\n` });
    // Too small a ceiling and ffprobe cannot even start: the ceiling is real.
    const starved = await runTool('ffprobe', ['-version'], { memoryBytes: 32 * 1024 * 1024 });
    expect(starved.kind).not.toBe('done');
    expect((await runTool('ffprobe', ['-version'])).kind).toBe('done');
    expect(await runTool('sleep', ['10'], { timeoutMs: 200 })).toEqual({ kind: 'timed-out' });
    expect(await runTool('/nonexistent/ffprobe', [])).toEqual({ kind: 'missing' });
  });
});
