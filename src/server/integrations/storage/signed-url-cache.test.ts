import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualClock } from '../../testing/fixtures';
import { createLocalStore } from './local-store';
import { localMediaRoutes } from './media-routes';
import { SIGNING_STEP_SECONDS, cachedSigner, withCachedSigning } from './signed-url-cache';

const CLIP = readFileSync(
  fileURLToPath(new URL('../../db/seed/media/two-three-w1-l1.webm', import.meta.url)),
);
const KEY = 'demo/two-three-w1-l1.webm';
const TTL = 30 * 60;

describe('signing cached per minute', () => {
  // Each test moves the clock on; the media route reads it too.
  let time = manualClock('2026-11-24T09:00:10Z');
  let root: string;
  let app: FastifyInstance;
  const store = () => withCachedSigning(createLocalStore({ root, secret: 'cache-test-secret' }));
  const expiresOf = (url: string) =>
    Number(new URL(url, 'http://x').searchParams.get('expires')) * 1000;

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'umnyashki-sign-'));
    await store().put(KEY, CLIP, 'video/webm');
    app = Fastify();
    await app.register(localMediaRoutes({ store: store(), clock: () => time.clock() }));
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('gives one URL per file within a minute, never living less than asked', async () => {
    time = manualClock('2026-11-24T09:00:10Z');
    const media = store();
    const first = await media.signedUrl(KEY, TTL, time.clock());
    time.advance(45_000);
    const asked = time.clock().getTime();
    const again = await media.signedUrl(KEY, TTL, time.clock());
    expect(again).toBe(first);
    expect(expiresOf(again)).toBeGreaterThanOrEqual(asked + TTL * 1000);
    expect(expiresOf(again)).toBeLessThanOrEqual(asked + (TTL + SIGNING_STEP_SECONDS) * 1000);

    // The URL opens the file for the whole lifetime asked at the last moment it was handed out.
    time.advance(TTL * 1000 - 1000);
    const res = await app.inject({ url: again, headers: { range: 'bytes=0-9' } });
    expect(res.statusCode).toBe(206);
  });

  it('signs anew in the next minute and for another lifetime', async () => {
    time = manualClock('2026-11-24T10:00:10Z');
    const media = store();
    const now = time.clock();
    const first = await media.signedUrl(KEY, TTL, now);
    expect(await media.signedUrl(KEY, 60, now)).not.toBe(first);
    time.advance(SIGNING_STEP_SECONDS * 1000);
    const next = await media.signedUrl(KEY, TTL, time.clock());
    expect(next).not.toBe(first);
    expect(expiresOf(next) - expiresOf(first)).toBe(SIGNING_STEP_SECONDS * 1000);
  });

  it('keeps this minute when a caller signs from an earlier moment', async () => {
    time = manualClock('2026-11-24T11:07:30Z');
    const local = createLocalStore({ root, secret: 'cache-test-secret' });
    let signings = 0;
    const sign = cachedSigner((key, ttl, at) => {
      signings += 1;
      return local.signedUrl(key, ttl, at);
    });
    const current = await sign(KEY, TTL, time.clock());
    // The program outline signs from the start of its five-minute window.
    const windowStart = new Date('2026-11-24T11:05:00Z');
    const earlier = await sign(KEY, TTL, windowStart);
    expect(expiresOf(earlier)).toBe(windowStart.getTime() + (TTL + SIGNING_STEP_SECONDS) * 1000);
    expect(await sign(KEY, TTL, time.clock())).toBe(current);
    expect(signings).toBe(2);
  });

  it('does not keep a signing that failed', async () => {
    let calls = 0;
    const sign = cachedSigner((key) => {
      calls += 1;
      return calls === 1 ? Promise.reject(new Error('bucket away')) : Promise.resolve(`/${key}`);
    });
    const now = new Date('2026-11-24T12:00:00Z');
    await expect(sign(KEY, TTL, now)).rejects.toThrow('bucket away');
    expect(await sign(KEY, TTL, now)).toBe(`/${KEY}`);
    expect(await sign(KEY, TTL, now)).toBe(`/${KEY}`);
    expect(calls).toBe(2);
  });

  it('refuses what is not a media key, every time', async () => {
    const media = store();
    await expect(async () =>
      media.signedUrl('../escape.webm', TTL, time.clock()),
    ).rejects.toThrow();
    await expect(async () =>
      media.signedUrl('../escape.webm', TTL, time.clock()),
    ).rejects.toThrow();
  });
});
