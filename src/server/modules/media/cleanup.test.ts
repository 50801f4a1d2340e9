// Lesson files nobody uses leave the store — a replaced one a day after the lesson stopped naming it, an
// upload no lesson took a day after it was made, an unfinished upload once tus has given it up — and a
// file a lesson still names never does; a removed video's HLS ladder goes with it. On the local folder and
// on an S3 bucket (s3rver) alike.
import { existsSync, mkdtempSync, readdirSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Config } from '../../config';
import { mediaUploads, programWeeks, videoLadders } from '../../db/schema/index';
import { defaultSeedContent } from '../../db/seed/default-content';
import { seedDatabase } from '../../db/seed/seed';
import { configuredMediaStore } from '../../integrations/storage/default-store';
import type { MediaStore } from '../../integrations/storage/store';
import { runDueJobs } from '../../jobs/runner';
import { manualClock } from '../../testing/fixtures';
import { S3RVER_CREDENTIALS, startLocalS3, type LocalS3 } from '../../testing/s3-server';
import { staffSession } from '../../testing/staff';
import { createTestApp, testConfig } from '../../testing/test-app';
import { createTestDatabase, type TestDatabase } from '../../testing/test-database';
import { bearer } from '../../testing/accounts';
import {
  KEEP_REPLACED_MS,
  KEEP_UNFINISHED_MS,
  MEDIA_RELEASE_JOB,
  MEDIA_SWEEP_JOB,
  ensureMediaSweep,
  mediaReleaseJob,
  mediaSweepJob,
  uploadsDirectory,
} from './cleanup';
import { uploadFile } from '../../testing/uploads';
import { ladderFolder } from './transcode-job';

const FIXTURES = join(import.meta.dirname, 'fixtures');
const HOUR = 60 * 60 * 1000;
let s3: LocalS3;

beforeAll(async () => {
  s3 = await startLocalS3('umnyashki-cleanup');
});
afterAll(() => s3.stop());

const stores: [string, () => Config][] = [
  [
    'the local folder',
    () => testConfig({ DATA_DIR: mkdtempSync(join(tmpdir(), 'umnyashki-clean-')) }),
  ],
  [
    'an S3 bucket',
    () =>
      testConfig({
        DATA_DIR: mkdtempSync(join(tmpdir(), 'umnyashki-clean-')),
        S3_BUCKET: s3.bucket,
        S3_ENDPOINT: s3.endpoint,
        S3_ACCESS_KEY_ID: S3RVER_CREDENTIALS.accessKeyId,
        S3_SECRET_ACCESS_KEY: S3RVER_CREDENTIALS.secretAccessKey,
      }),
  ],
];

describe.each(stores)('unused lesson files on %s', (_name, makeConfig) => {
  let config: Config;
  let media: MediaStore;
  let app: FastifyInstance;
  let endpoint = '';
  let token = '';
  let database: TestDatabase;
  let weekId = 0;
  let position = 40;
  // The uploads' own times come from the system clock (tus), so the test's clock starts now.
  const time = manualClock(new Date().toISOString());

  beforeAll(async () => {
    config = makeConfig();
    database = await createTestDatabase();
    await seedDatabase({ db: database.db, config, content: defaultSeedContent });
    const [week] = await database.db.select().from(programWeeks).limit(1);
    weekId = week?.id ?? 0;
    media = await configuredMediaStore(config);
    app = await createTestApp({ db: database.db, config, clock: time.clock, media });
    await app.listen({ port: 0, host: '127.0.0.1' });
    endpoint = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/api/admin/uploads`;
    token = await staffSession({ db: database.db, clock: time.clock }, 'editor');
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  /** Time passes; staff sessions do not last that long, so the editor signs in again. */
  const later = async (ms: number) => {
    time.advance(ms);
    token = await staffSession({ db: database.db, clock: time.clock }, 'editor');
  };
  const runJobs = () =>
    runDueJobs(
      { db: database.db, config, clock: time.clock, media },
      { handlers: { [MEDIA_RELEASE_JOB]: mediaReleaseJob, [MEDIA_SWEEP_JOB]: mediaSweepJob } },
    );
  const video = async () =>
    (
      await uploadFile(endpoint, token, await readFile(join(FIXTURES, 'lesson.mp4')), {
        kind: 'video',
        filename: 'урок.mp4',
      })
    ).result;
  const subtitles = async () =>
    (
      await uploadFile(endpoint, token, Buffer.from('WEBVTT\n\n00:00.000 --> 00:01.000\nРаз\n'), {
        kind: 'subtitles',
        filename: 'урок.vtt',
      })
    ).result;
  const keysOf = async (id: string) => {
    const [row] = await database.db.select().from(mediaUploads).where(eq(mediaUploads.id, id));
    return row ? [row.key, row.posterKey ?? ''].filter(Boolean) : [];
  };
  const lessonWith = async (videoId: string, subtitlesId: string) => {
    position += 1;
    const res = await app.inject({
      method: 'POST',
      url: '/api/admin/lessons',
      headers: bearer(token),
      payload: {
        week_id: weekId,
        additional_program_id: null,
        position,
        title: `Урок ${position}`,
        description: '',
        is_active: true,
        video_upload_id: videoId,
        subtitles_upload_id: subtitlesId,
        poster_upload_id: null,
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    return { id: res.json<{ data: { id: number } }>().data.id, position };
  };
  const replaceVideo = async (lesson: { id: number; position: number }, videoId: string) => {
    const res = await app.inject({
      method: 'PUT',
      url: `/api/admin/lessons/${lesson.id}`,
      headers: bearer(token),
      payload: {
        week_id: weekId,
        position: lesson.position,
        title: 'Урок',
        description: '',
        is_active: true,
        video_upload_id: videoId,
      },
    });
    expect(res.statusCode, res.body).toBe(200);
  };
  /** A ladder as the transcoding job leaves it in the store (file names as ladder-plan.ts has ffmpeg write them). */
  const publishLadder = async (videoKey: string) => {
    const folder = ladderFolder(videoKey);
    const files: Record<string, string> = {
      '360p_000.ts': 'segment',
      '360p_001.ts': 'segment',
      '720p_000.ts': 'segment',
      '360p.m3u8':
        '#EXTM3U\n#EXTINF:4.0,\n360p_000.ts\n#EXTINF:4.0,\n360p_001.ts\n#EXT-X-ENDLIST\n',
      '720p.m3u8': '#EXTM3U\n#EXTINF:4.0,\n720p_000.ts\n#EXT-X-ENDLIST\n',
      'master.m3u8':
        '#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=600000,RESOLUTION=640x360\n360p.m3u8\n' +
        '#EXT-X-STREAM-INF:BANDWIDTH=2800000,RESOLUTION=1280x720\n720p.m3u8\n',
    };
    for (const [name, body] of Object.entries(files)) {
      await media.put(`${folder}/${name}`, Buffer.from(body), 'application/octet-stream');
    }
    return Object.keys(files).map((name) => `${folder}/${name}`);
  };
  const ladderRows = async (videoKey: string) =>
    database.db.select().from(videoLadders).where(eq(videoLadders.sourceKey, videoKey));
  const stored = async (keys: string[]) =>
    (await Promise.all(keys.map((key) => media.has(key)))).every(Boolean);
  const noneStored = async (keys: string[]) =>
    !(await Promise.all(keys.map((key) => media.has(key)))).some(Boolean);

  it('removes a replaced video a day later, and never one another lesson still shows', async () => {
    const [first, shared, second, words] = [
      await video(),
      await video(),
      await video(),
      await subtitles(),
    ];
    const firstKeys = await keysOf(first.id);
    const sharedKeys = await keysOf(shared.id);
    expect(firstKeys).toHaveLength(2);
    const lesson = await lessonWith(first.id, words.id);
    const one = await lessonWith(shared.id, words.id);
    await lessonWith(shared.id, words.id);

    const [firstVideo = '', sharedVideo = ''] = [firstKeys[0], sharedKeys[0]];
    const firstLadder = await publishLadder(firstVideo);
    const sharedLadder = await publishLadder(sharedVideo);
    // Saving the lessons queued their ladders.
    expect(await ladderRows(firstVideo)).toHaveLength(1);

    await replaceVideo(lesson, second.id);
    await replaceVideo(one, second.id);
    // A child who started the old video finishes it: nothing goes yet.
    await runJobs();
    expect(await stored([...firstKeys, ...sharedKeys, ...firstLadder])).toBe(true);

    await later(KEEP_REPLACED_MS + HOUR);
    await runJobs();
    expect(await noneStored(firstKeys)).toBe(true);
    expect(await keysOf(first.id)).toEqual([]);
    // Its ladder went with it: every segment and playlist, and the row.
    expect(await noneStored(firstLadder)).toBe(true);
    expect(await ladderRows(firstVideo)).toEqual([]);
    // Still shown by the other lesson, and the new video and the subtitles in use.
    expect(await stored([...sharedKeys, ...sharedLadder])).toBe(true);
    expect(await ladderRows(sharedVideo)).toHaveLength(1);
    expect(await stored([...(await keysOf(second.id)), ...(await keysOf(words.id))])).toBe(true);
    // A form still naming the removed upload is told to upload it again.
    const stale = await app.inject({
      method: 'PUT',
      url: `/api/admin/lessons/${lesson.id}`,
      headers: bearer(token),
      payload: {
        week_id: weekId,
        position: lesson.position,
        title: 'Урок',
        description: '',
        is_active: true,
        video_upload_id: first.id,
      },
    });
    expect(stale.statusCode).toBe(422);
  });

  it('removes an upload no lesson took a day after it was made, and an unfinished one', async () => {
    await later(0);
    const unused = await video();
    const unusedKeys = await keysOf(unused.id);
    // An unfinished upload: begun, one chunk in, then given up.
    const started = await fetch(endpoint, {
      method: 'POST',
      headers: {
        ...bearer(token),
        'tus-resumable': '1.0.0',
        'upload-length': '100',
        'upload-metadata': `kind ${Buffer.from('subtitles').toString('base64')},filename ${Buffer.from('a.vtt').toString('base64')}`,
      },
    });
    const id = (started.headers.get('location') ?? '').split('/').pop() ?? '';
    await fetch(`${endpoint}/${id}`, {
      method: 'PATCH',
      headers: {
        ...bearer(token),
        'tus-resumable': '1.0.0',
        'upload-offset': '0',
        'content-type': 'application/offset+octet-stream',
      },
      body: 'WEBVTT\n',
    });
    const folder = uploadsDirectory(config.dataDir);
    expect(existsSync(join(folder, id))).toBe(true);

    await ensureMediaSweep(database.db);
    await runJobs();
    expect(await stored(unusedKeys)).toBe(true);
    expect(existsSync(join(folder, id))).toBe(true);

    await later(KEEP_UNFINISHED_MS + HOUR);
    await ensureMediaSweep(database.db, time.clock());
    await runJobs();
    expect(await noneStored(unusedKeys)).toBe(true);
    expect(readdirSync(folder).filter((name) => name.startsWith(id))).toEqual([]);
  });
});
