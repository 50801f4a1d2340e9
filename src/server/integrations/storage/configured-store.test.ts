// The school on an S3-compatible bucket, as the configuration names it: the real AWS client against a local
// S3 server (s3rver). The demo media are copied into the bucket once, lessons hand out presigned links of
// the bucket that serve byte ranges, and the page's CSP lets the player load them.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LessonsPage } from '@contract/api/lessons';
import type { Config } from '../../config';
import { users } from '../../db/schema/index';
import { defaultSeedContent } from '../../db/seed/default-content';
import { seedDatabase } from '../../db/seed/seed';
import { bearer } from '../../testing/accounts';
import { createSession } from '../../modules/auth/service';
import { systemClock } from '../../deps';
import { S3RVER_CREDENTIALS, startLocalS3, type LocalS3 } from '../../testing/s3-server';
import { createTestApp, testConfig } from '../../testing/test-app';
import { createTestDatabase, type TestDatabase } from '../../testing/test-database';
import { contentSecurityPolicy, cspHeader } from '../../http/security';
import { configuredMediaStore, copyBundledMedia } from './default-store';
import type { MediaStore } from './store';

let s3: LocalS3;
let config: Config;
let store: MediaStore;
let database: TestDatabase;
let app: FastifyInstance;

beforeAll(async () => {
  s3 = await startLocalS3('umnyashki-media');
  config = testConfig({
    S3_BUCKET: s3.bucket,
    S3_ENDPOINT: s3.endpoint,
    S3_ACCESS_KEY_ID: S3RVER_CREDENTIALS.accessKeyId,
    S3_SECRET_ACCESS_KEY: S3RVER_CREDENTIALS.secretAccessKey,
  });
  store = await configuredMediaStore(config);
  database = await createTestDatabase();
  await seedDatabase({ db: database.db, config, content: defaultSeedContent });
  app = await createTestApp({ db: database.db, config, media: store });
});

afterAll(async () => {
  await app.close();
  await database.close();
  await s3.stop();
});

describe('lesson media in an S3-compatible bucket', () => {
  it('is the store the S3_* variables name, and the demo media are copied into it once', async () => {
    expect(store.kind).toBe('s3');
    expect(config.media.s3?.origin).toBe(s3.endpoint);
    const first = await copyBundledMedia(store);
    expect(first).toBeGreaterThanOrEqual(18); // 6 clips × video, poster, subtitles
    expect(await store.has('demo/two-three-w1-l1.webm')).toBe(true);
    expect(await copyBundledMedia(store)).toBe(0);
  });

  it('gives a parent presigned links of the bucket that play with byte ranges and Russian subtitles', async () => {
    const [user] = await database.db
      .insert(users)
      .values({ email: 's3-parent@example.ru', name: 'Родитель' })
      .returning();
    if (!user) throw new Error('insert failed');
    const token = await createSession({ db: database.db, clock: systemClock, userId: user.id });
    const child = await app.inject({
      method: 'POST',
      url: '/api/profile/child/store',
      headers: bearer(token),
      payload: { name: 'Маша', birth_date: '2022-06-01' },
    });
    expect(child.statusCode, child.body).toBe(201);

    const res = await app.inject({ url: '/api/profile/lessons', headers: bearer(token) });
    expect(res.statusCode, res.body).toBe(200);
    const preview = res.json<{ data: LessonsPage }>().data.lessons.find((l) => l.is_preview);
    const video = preview?.video.url ?? '';
    expect(video.startsWith(`${s3.endpoint}/${s3.bucket}/demo/`)).toBe(true);

    const part = await fetch(video, { headers: { range: 'bytes=0-99' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-type')).toBe('video/webm');
    expect((await part.arrayBuffer()).byteLength).toBe(100);

    const subtitles = await fetch(preview?.video.subtitles ?? '');
    expect(subtitles.status).toBe(200);
    expect(await subtitles.text()).toMatch(/^WEBVTT[\s\S]*[а-яё]/i);

    // The pages that play these links allow the bucket (the policy goes on HTML documents).
    const csp = cspHeader(contentSecurityPolicy(config));
    expect(csp).toContain(`media-src 'self' blob: ${s3.endpoint}`);
  });
});
