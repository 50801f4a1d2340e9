// The HLS ladder on an S3 bucket (s3rver): the job reads the source from the bucket, writes the renditions
// there, and a rendition playlist served under the lesson's token names each segment by a presigned URL
// the bucket opens as MPEG-TS.
import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lessons, videoLadders } from '../../db/schema/index';
import { defaultSeedContent } from '../../db/seed/default-content';
import { seedDatabase } from '../../db/seed/seed';
import { DEMO_MEDIA_DIR, configuredMediaStore } from '../../integrations/storage/default-store';
import type { MediaStore } from '../../integrations/storage/store';
import { transcodeHandlers } from '../../jobs/handlers';
import { runDueJobs } from '../../jobs/runner';
import { hlsMasterUrl, hlsSecret } from '../lessons/hls-links';
import { S3RVER_CREDENTIALS, startLocalS3, type LocalS3 } from '../../testing/s3-server';
import { createTestApp, testConfig } from '../../testing/test-app';
import { createTestDatabase, type TestDatabase } from '../../testing/test-database';
import { queueTranscode } from './transcode-job';

let s3: LocalS3;
let database: TestDatabase;
let media: MediaStore;
const key = 'lessons/s3-hls/clip.webm';

beforeAll(async () => {
  s3 = await startLocalS3('umnyashki-hls');
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
  await s3.stop();
});

describe('an HLS ladder on an S3 bucket', () => {
  it('is made from the bucket into the bucket and plays by presigned segment links', async () => {
    const config = testConfig({
      DATA_DIR: mkdtempSync(join(tmpdir(), 'umnyashki-hls-s3-')),
      S3_BUCKET: s3.bucket,
      S3_ENDPOINT: s3.endpoint,
      S3_ACCESS_KEY_ID: S3RVER_CREDENTIALS.accessKeyId,
      S3_SECRET_ACCESS_KEY: S3RVER_CREDENTIALS.secretAccessKey,
    });
    await seedDatabase({ db: database.db, config, content: defaultSeedContent });
    media = await configuredMediaStore(config);
    const clip = join(mkdtempSync(join(tmpdir(), 'hls-s3-clip-')), 'clip.webm');
    execFileSync('ffmpeg', [
      '-v',
      'error',
      '-i',
      join(DEMO_MEDIA_DIR, 'english-l1.webm'),
      '-t',
      '8',
      '-c',
      'copy',
      clip,
    ]);
    await media.putFile(key, clip, 'video/webm');
    const [lesson] = await database.db
      .update(lessons)
      .set({ videoKey: key })
      .where(eq(lessons.code, 'english-l1'))
      .returning({ id: lessons.id });
    await queueTranscode(database.db, key);
    const summary = await runDueJobs(
      { db: database.db, config, media },
      { handlers: transcodeHandlers },
    );
    expect(summary.done).toBe(1);
    const [ladder] = await database.db
      .select()
      .from(videoLadders)
      .where(eq(videoLadders.sourceKey, key));
    expect(ladder?.state).toBe('ready');
    expect(await media.has(`${ladder?.folder}/master.m3u8`)).toBe(true);

    const app = await createTestApp({ db: database.db, config, media });
    try {
      const now = new Date();
      const master = hlsMasterUrl(
        hlsSecret(config, media),
        lesson?.id ?? 0,
        ladder?.folder ?? '',
        600,
        now,
      );
      const rendition = await app.inject({ url: master.replace('master.m3u8', '360p.m3u8') });
      expect(rendition.statusCode, rendition.body).toBe(200);
      const segments = rendition.body.split('\n').filter((l) => l.startsWith('http'));
      expect(segments).toHaveLength(4);
      expect(segments[0]).toContain(`${s3.endpoint}/${s3.bucket}/${ladder?.folder}/360p_000.ts?`);
      expect(segments[0]).toContain('X-Amz-Signature=');
      const segment = await fetch(segments[0] ?? '');
      expect(segment.status).toBe(200);
      expect(segment.headers.get('content-type')).toBe('video/mp2t');
      // The bytes are MPEG-TS as written: packets of 188 bytes, each starting with the sync byte.
      const bytes = Buffer.from(await segment.arrayBuffer());
      expect(bytes.length % 188).toBe(0);
      expect(bytes[0]).toBe(0x47);
      expect(bytes[188]).toBe(0x47);
    } finally {
      await app.close();
    }
  });
});
