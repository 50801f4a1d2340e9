// The installable app's files at the site's root: the worker and the offline page are asked for again each
// time (a cached worker would hold back a new version), the manifest goes out with its own type.
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../testing/test-app';
import { createTestDatabase, type TestDatabase } from '../testing/test-database';

let database: TestDatabase;
let app: FastifyInstance;
let webDir: string;

beforeAll(async () => {
  webDir = mkdtempSync(join(tmpdir(), 'umnyashki-web-'));
  mkdirSync(join(webDir, 'icons'));
  writeFileSync(join(webDir, 'index.html'), '<!doctype html><html><body></body></html>');
  const worker = `self.addEventListener("fetch", () => {});${' '.repeat(2000)}`;
  writeFileSync(join(webDir, 'sw.js'), worker);
  // The build writes compressed twins of larger files; the server sends them to a browser that takes them.
  writeFileSync(join(webDir, 'sw.js.br'), brotliCompressSync(worker));
  writeFileSync(join(webDir, 'offline.html'), '<!doctype html><title>Нет соединения</title>');
  writeFileSync(join(webDir, 'offline.js'), 'addEventListener("online", () => {});');
  writeFileSync(join(webDir, 'manifest.webmanifest'), '{"name":"Школа Умняшек"}');
  writeFileSync(join(webDir, 'icons', 'icon-192.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
  database = await createTestDatabase();
  app = await createTestApp({ db: database.db, webDir });
});

afterAll(async () => {
  await app.close();
  await database.close();
  rmSync(webDir, { recursive: true, force: true });
});

describe('the installable app', () => {
  it('serves the service worker at the root as a script that is revalidated every time', async () => {
    for (const encoding of ['identity', 'br']) {
      const res = await app.inject({ url: '/sw.js', headers: { 'accept-encoding': encoding } });
      expect(res.statusCode, encoding).toBe(200);
      expect(res.headers['content-type'], encoding).toMatch(/^(text|application)\/javascript/);
      expect(res.headers['cache-control'], encoding).toBe('no-cache');
    }
    const compressed = await app.inject({ url: '/sw.js', headers: { 'accept-encoding': 'br' } });
    expect(compressed.headers['content-encoding']).toBe('br');
  });

  it('serves the manifest as application/manifest+json, revalidated', async () => {
    const res = await app.inject({ url: '/manifest.webmanifest' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/manifest+json; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.json()).toEqual({ name: 'Школа Умняшек' });
  });

  it('serves the offline page and its script revalidated, and the icons', async () => {
    for (const url of ['/offline.html', '/offline.js']) {
      const res = await app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-cache');
    }
    const icon = await app.inject({ url: '/icons/icon-192.png' });
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['content-type']).toBe('image/png');
  });
});
