import { describe, expect, it } from 'vitest';
import {
  CACHE_PREFIX,
  KEPT_CACHE,
  OFFLINE_PAGE,
  VIDEO_SHELL,
  fallbackFor,
  precacheName,
  staleCaches,
  strategyFor,
} from './routing';

const ORIGIN = 'https://umnyashki.ru';
const PRECACHED = new Set(['/assets/main-abc123.js', '/offline.html', '/manifest.webmanifest']);
const get = (path: string, mode = 'cors') => ({ method: 'GET', url: `${ORIGIN}${path}`, mode });

describe('what the worker does with a request', () => {
  it('leaves the API alone, even a GET: a family’s data is never put in a cache', () => {
    for (const path of ['/api/children', '/api', '/api/auth/me?x=1']) {
      expect(strategyFor(get(path), ORIGIN, PRECACHED), path).toBe('network');
    }
  });

  it('leaves the back office, the videos and the sandboxes alone, as pages too', () => {
    for (const path of ['/admin', '/admin/orders', '/media/promo.webm', '/sandbox/sberbank']) {
      expect(strategyFor(get(path, 'navigate'), ORIGIN, PRECACHED), path).toBe('network');
      expect(strategyFor(get(path), ORIGIN, PRECACHED), path).toBe('network');
    }
  });

  it('takes a page from the network first (the offline page as its fallback)', () => {
    for (const path of [
      '/',
      '/programs/main-program/two-three',
      '/personal/profile',
      '/administrator',
    ]) {
      expect(strategyFor(get(path, 'navigate'), ORIGIN, PRECACHED), path).toBe('page');
    }
  });

  it('answers a file of this build from the precache, and nothing else', () => {
    expect(strategyFor(get('/assets/main-abc123.js'), ORIGIN, PRECACHED)).toBe('precached');
    expect(strategyFor(get('/manifest.webmanifest'), ORIGIN, PRECACHED)).toBe('precached');
    expect(strategyFor(get('/assets/main-old999.js'), ORIGIN, PRECACHED)).toBe('network');
    expect(strategyFor(get('/assets/main-abc123.js?v=2'), ORIGIN, PRECACHED)).toBe('network');
  });

  it('answers a kept lesson’s files from the kept lessons only, whatever the query', () => {
    for (const path of [
      '/offline-lessons/12/video.m3u8',
      '/offline-lessons/12/seg_000.ts',
      '/offline-lessons/12/poster?x=1',
    ]) {
      expect(strategyFor(get(path), ORIGIN, PRECACHED), path).toBe('kept');
    }
    expect(
      strategyFor(
        { method: 'POST', url: `${ORIGIN}/offline-lessons/12/x`, mode: 'cors' },
        ORIGIN,
        PRECACHED,
      ),
    ).toBe('network');
  });

  it('opens the video page’s shell for /video without a network, the offline page elsewhere', () => {
    expect(fallbackFor('/video')).toBe(VIDEO_SHELL);
    for (const path of ['/', '/personal/profile', '/video/extra']) {
      expect(fallbackFor(path), path).toBe(OFFLINE_PAGE);
    }
  });

  it('leaves other sites and other methods alone', () => {
    expect(strategyFor(get('/assets/main-abc123.js'), 'https://other.example', PRECACHED)).toBe(
      'network',
    );
    expect(
      strategyFor({ method: 'POST', url: `${ORIGIN}/`, mode: 'navigate' }, ORIGIN, PRECACHED),
    ).toBe('network');
    expect(
      strategyFor(
        { method: 'HEAD', url: `${ORIGIN}/offline.html`, mode: 'cors' },
        ORIGIN,
        PRECACHED,
      ),
    ).toBe('network');
  });
});

describe('the caches an update removes', () => {
  it('removes its own older builds only', () => {
    const current = precacheName('new');
    expect(current.startsWith(CACHE_PREFIX)).toBe(true);
    expect(
      staleCaches([precacheName('old'), current, 'someone-elses', KEPT_CACHE], current),
    ).toEqual([precacheName('old')]);
  });
});
