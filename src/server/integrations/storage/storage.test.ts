import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualClock } from '../../testing/fixtures';
import { S3RVER_CREDENTIALS, startLocalS3, type LocalS3 } from '../../testing/s3-server';
import { createLocalStore } from './local-store';
import { localMediaRoutes } from './media-routes';
import { createS3Store } from './s3-store';

const CLIP = readFileSync(
  fileURLToPath(new URL('../../db/seed/media/two-three-w1-l1.webm', import.meta.url)),
);
const KEY = 'demo/two-three-w1-l1.webm';
const SECRET = 'test-media-secret';

describe('local media store', () => {
  const time = manualClock('2026-11-24T09:00:00Z');
  let root: string;
  let app: FastifyInstance;
  const store = () => createLocalStore({ root, secret: SECRET });

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'umnyashki-media-'));
    await store().put(KEY, CLIP, 'video/webm');
    await store().put('demo/two-three-w1-l1.vtt', Buffer.from('WEBVTT\n\n'), 'text/vtt');
    app = Fastify();
    await app.register(localMediaRoutes({ store: store(), clock: time.clock }));
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('knows what it holds', async () => {
    expect(await store().has(KEY)).toBe(true);
    expect(await store().has('demo/nothing.webm')).toBe(false);
  });

  it('serves a signed URL whole, as a video that accepts ranges', async () => {
    const url = await store().signedUrl(KEY, 600, time.clock());
    const res = await app.inject({ url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('video/webm');
    expect(res.headers['accept-ranges']).toBe('bytes');
    expect(res.rawPayload.equals(CLIP)).toBe(true);
  });

  it('answers a byte range with 206 and exactly those bytes', async () => {
    const url = await store().signedUrl(KEY, 600, time.clock());
    const res = await app.inject({ url, headers: { range: 'bytes=100-1099' } });
    expect(res.statusCode).toBe(206);
    expect(res.headers['content-range']).toBe(`bytes 100-1099/${CLIP.length}`);
    expect(res.rawPayload.equals(CLIP.subarray(100, 1100))).toBe(true);
  });

  it('serves subtitles as text/vtt', async () => {
    const url = await store().signedUrl('demo/two-three-w1-l1.vtt', 600, time.clock());
    const res = await app.inject({ url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/vtt; charset=utf-8');
  });

  it('refuses a tampered signature, another file or a later expiry', async () => {
    const url = new URL(await store().signedUrl(KEY, 600, time.clock()), 'http://x');
    const signature = url.searchParams.get('signature') ?? '';
    const expires = Number(url.searchParams.get('expires'));
    const attempts = [
      `/lesson-media/${KEY}?expires=${expires}&signature=${signature.slice(1)}A`,
      `/lesson-media/demo/two-three-w1-l1.vtt?expires=${expires}&signature=${signature}`,
      `/lesson-media/${KEY}?expires=${expires + 3600}&signature=${signature}`,
      `/lesson-media/${KEY}?expires=${expires}`,
      `/lesson-media/${KEY}`,
    ];
    for (const attempt of attempts) {
      const res = await app.inject({ url: attempt });
      expect(res.statusCode, attempt).toBe(403);
      expect(res.json<{ code: string }>().code).toBe('forbidden');
    }
  });

  it('refuses an expired URL', async () => {
    const url = await store().signedUrl(KEY, 60, time.clock());
    time.advance(61_000);
    const res = await app.inject({ url });
    expect(res.statusCode).toBe(403);
    expect(res.json<{ message: string }>().message).toMatch(/устарела/);
  });

  it('never serves a path outside the store', async () => {
    for (const url of [
      '/lesson-media/..%2F..%2Fetc%2Fpasswd',
      '/lesson-media/demo/../../x.webm',
      '/lesson-media/x',
    ]) {
      const res = await app.inject({ url });
      expect([403, 404], url).toContain(res.statusCode);
    }
    await expect(store().put('../escape.webm', CLIP, 'video/webm')).rejects.toThrow();
  });
});

describe('S3 media store against a local S3 server', () => {
  let s3: LocalS3;
  const store = () =>
    createS3Store({
      endpoint: s3.endpoint,
      region: 'us-east-1',
      bucket: s3.bucket,
      forcePathStyle: true,
      ...S3RVER_CREDENTIALS,
    });

  beforeAll(async () => {
    s3 = await startLocalS3();
    await store().put(KEY, CLIP, 'video/webm');
  });
  afterAll(async () => {
    await s3.stop();
  });

  it('knows what the bucket holds', async () => {
    expect(await store().has(KEY)).toBe(true);
    expect(await store().has('demo/nothing.webm')).toBe(false);
  });

  it('hands out presigned URLs that serve byte ranges', async () => {
    const url = await store().signedUrl(KEY, 600, new Date());
    const whole = await fetch(url);
    expect(whole.status).toBe(200);
    expect(whole.headers.get('content-type')).toBe('video/webm');
    expect(Buffer.from(await whole.arrayBuffer()).equals(CLIP)).toBe(true);

    const part = await fetch(url, { headers: { range: 'bytes=0-499' } });
    expect(part.status).toBe(206);
    expect(Buffer.from(await part.arrayBuffer()).equals(CLIP.subarray(0, 500))).toBe(true);
  });

  // s3rver enforces a presigned URL's expiry but not its signature (a real bucket checks both), so a
  // tampered URL is tested on the local store only.
  it('has the bucket refuse an expired URL', async () => {
    const expired = await store().signedUrl(KEY, 60, new Date(Date.now() - 3600_000));
    expect((await fetch(expired)).status).toBe(403);
  });
});
