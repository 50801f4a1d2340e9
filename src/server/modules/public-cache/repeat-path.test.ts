// The repeat path answers a public URL again from its first hook, before the route: it must send what the
// route sends, byte for byte, and never outlive an editor's change.
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { defaultSeedContent } from '../../db/seed/default-content';
import { seedDatabase } from '../../db/seed/seed';
import { capturingLogger } from '../../testing/log-lines';
import { staffSession } from '../../testing/staff';
import { testConfig } from '../../testing/test-app';
import { createTestDatabase, type TestDatabase } from '../../testing/test-database';
import { retitlePage } from '../../testing/pages';
import { newCertificateCode } from '../gifts/certificates';

let database: TestDatabase;
let app: FastifyInstance;
let base: string;
let editor: string;
/**
 * Requests that went on past the repeat path, by URL: an onRequest hook added after it runs only for what
 * it left to the route.
 */
const reachedRoute: string[] = [];
const { logger, lines } = capturingLogger('info');

beforeAll(async () => {
  database = await createTestDatabase();
  const config = testConfig();
  await seedDatabase({ db: database.db, config, content: defaultSeedContent });
  app = await buildApp({ config, db: database.db, logger, webDir: '/nonexistent' });
  app.addHook('onRequest', (request, _reply, done) => {
    reachedRoute.push(request.url);
    done();
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  editor = await staffSession({ db: database.db, clock: () => new Date() }, 'editor');
  // Listening starts with a drop of everything; let it happen before the tests count requests.
  for (let i = 0; i < 100 && !app.publicCache.listening; i += 1) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
});
afterAll(async () => {
  await app.close();
  await database.close();
});

interface Raw {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** A GET over a real socket, body as sent (no decompression). */
function get(
  path: string,
  headers: Record<string, string> = {},
  method = 'GET',
  at: string = base,
): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${at}${path}`, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

/** What must match: everything but the per-request id and the server's clock. */
function comparable(raw: Raw) {
  const { 'x-request-id': id, date: _date, ...headers } = raw.headers;
  expect(id).toMatch(/^[0-9a-f-]{36}$/);
  return { status: raw.status, headers, body: raw.body.toString('base64') };
}

const titleAt = async (url: string) =>
  (JSON.parse((await get(url)).body.toString()) as { data: { title: string } }).data.title;

const reached = (url: string) => reachedRoute.filter((u) => u === url).length;

describe('the repeat path of public reads', () => {
  const urls = [
    '/api/landing-data',
    '/api/page/faq',
    '/api/regions',
    '/api/store/web/subscriptions',
    '/api/store/web/gifts?page=1',
  ];

  it('sends what the route sends, byte for byte, in every encoding and for a held version', async () => {
    for (const url of urls) {
      for (const encoding of [undefined, 'gzip', 'br', 'gzip, deflate, br']) {
        const headers: Record<string, string> = encoding ? { 'accept-encoding': encoding } : {};
        // Dropped, so that the next request is the route's: routing, validation, the guards.
        app.publicCache.invalidate('the route answers first');
        const before = reached(url);
        const fromRoute = await get(url, headers);
        expect(reached(url), `${url} went to the route`).toBe(before + 1);
        const repeated = await get(url, headers);
        expect(reached(url), `${url} was repeated`).toBe(before + 1);
        expect(fromRoute.status, url).toBe(200);
        expect(comparable(repeated), `${url} ${encoding}`).toEqual(comparable(fromRoute));

        const etag = String(fromRoute.headers.etag);
        const held = await get(url, { ...headers, 'if-none-match': etag });
        expect(held.status).toBe(304);
        expect(held.body.length).toBe(0);
      }
    }
    // Without a socket at all (app.inject) it is the same as well.
    const injected = await app.inject({
      url: '/api/page/faq',
      headers: { 'accept-encoding': 'br' },
    });
    const repeated = await get('/api/page/faq', { 'accept-encoding': 'br' });
    expect(repeated.body.equals(injected.rawPayload)).toBe(true);
    expect(repeated.headers.etag).toBe(injected.headers.etag);
  });

  it('never repeats a program outline: its signed links belong to a time window', async () => {
    const url = '/api/program-outline?type=main&program=four-five';
    for (let i = 0; i < 3; i += 1) expect((await get(url)).status).toBe(200);
    expect(reached(url)).toBe(3);
  });

  it('answers a 304 with the same headers as the route', async () => {
    const url = '/api/age-groups';
    const etag = String((await get(url)).headers.etag);
    app.publicCache.invalidate('the route answers first');
    const before = reached(url);
    const fromRoute = await get(url, { 'if-none-match': etag });
    const repeated = await get(url, { 'if-none-match': etag });
    expect(reached(url) - before).toBe(1);
    expect(comparable(repeated)).toEqual(comparable(fromRoute));
    expect(repeated.status).toBe(304);
  });

  it('remembers only the URL as the route writes it, so made-up queries never push real ones out', async () => {
    const url = '/api/regions';
    app.publicCache.invalidate('a fresh entry for this test');
    await get(url);
    const before = reached(url);
    for (let i = 0; i < 600; i += 1) {
      expect((await get(`${url}?x=${i}`)).status).toBe(200);
    }
    expect((await get(url)).status).toBe(200);
    expect(reached(url), 'the real URL is still repeated').toBe(before);

    // Other spellings of a real URL are answered as before, each time by the route.
    for (const spelling of [
      '/api/regions?&',
      '/api/page/%66aq',
      '/api/store/web/gifts?page=01',
      '/api/store/web/gifts?page=1&',
      '/api/landing-data?key=landing&utm_source=mail',
    ]) {
      for (let i = 0; i < 2; i += 1) expect((await get(spelling)).status, spelling).toBe(200);
      expect(reached(spelling), spelling).toBe(2);
    }
    // The route's own spelling, a declared parameter included, is repeated.
    app.publicCache.invalidate('the route answers first');
    for (const own of ['/api/store/web/gifts?page=1', '/api/landing-data?key=payment']) {
      const earlier = reached(own);
      for (let i = 0; i < 2; i += 1) expect((await get(own)).status, own).toBe(200);
      expect(reached(own) - earlier, own).toBe(1);
    }
  });

  it('leaves to the route what it has not accepted, HEAD, and anything but a read', async () => {
    for (let i = 0; i < 2; i += 1) {
      const bad = await get('/api/store/web/gifts?page=abc');
      expect(bad.status).toBe(422);
      expect(JSON.parse(bad.body.toString()).message).toMatch(/[а-я]/);
    }
    expect(reached('/api/store/web/gifts?page=abc')).toBe(2);
    await get('/api/regions');
    const before = reached('/api/regions');
    const head = await get('/api/regions', {}, 'HEAD');
    expect(head.status).toBe(200);
    const post = await get('/api/regions', {}, 'POST');
    expect(post.status).toBe(404);
    expect(reached('/api/regions') - before).toBe(2);
  });

  it('lets the guards refuse what they refuse: a compressed body, a demo opened from elsewhere', async () => {
    await get('/api/regions');
    const compressed = await get('/api/regions', { 'content-encoding': 'gzip' });
    expect(compressed.status).toBe(415);

    const demo = await buildApp({
      config: { ...testConfig(), demoThisMachineOnly: true },
      db: database.db,
      webDir: '/nonexistent',
    });
    try {
      await demo.listen({ port: 0, host: '127.0.0.1' });
      const at = `http://127.0.0.1:${(demo.server.address() as AddressInfo).port}`;
      for (let i = 0; i < 2; i += 1) {
        expect((await get('/api/regions', {}, 'GET', at)).status).toBe(200);
      }
      const fromElsewhere = await get(
        '/api/regions',
        { 'x-forwarded-for': '203.0.113.9' },
        'GET',
        at,
      );
      expect(fromElsewhere.status).toBe(403);
      expect(JSON.parse(fromElsewhere.body.toString()).message).toMatch(/^Демо-режим работает/);
    } finally {
      await demo.close();
    }
  });

  it('writes the same request line as the route, with its request id', async () => {
    await get('/api/regions');
    const before = reached('/api/regions');
    lines.length = 0;
    const repeated = await get('/api/regions');
    const kept = await get('/api/regions', { 'x-request-id': 'proxy-7f3a' });
    expect(reached('/api/regions'), 'both were repeated').toBe(before);
    expect(kept.headers['x-request-id'], "a caller's sane id is kept").toBe('proxy-7f3a');
    const logged = lines
      .map((l) => JSON.parse(l) as Record<string, unknown>)
      .filter((l) => l.msg === 'request');
    expect(logged).toMatchObject([
      {
        request_id: repeated.headers['x-request-id'],
        method: 'GET',
        url: '/api/regions',
        status: 200,
      },
      { request_id: 'proxy-7f3a', status: 200 },
    ]);
  });

  it('writes a certificate code in the URL as a mark, on every line of a URL never repeated', async () => {
    const code = newCertificateCode();
    // A query the route does not use is never remembered (canonical-url.ts): both go through the route.
    const url = `/api/regions?gift=${code}`;
    lines.length = 0;
    reachedRoute.length = 0;
    expect((await get(url)).status).toBe(200);
    expect((await get(url)).status).toBe(200);
    expect(reachedRoute).toEqual([url, url]);
    const logged = lines
      .map((l) => JSON.parse(l) as Record<string, unknown>)
      .filter((l) => l.msg === 'request');
    expect(logged.map((l) => l.url)).toEqual([
      '/api/regions?gift=%5Bcode%5D',
      '/api/regions?gift=%5Bcode%5D',
    ]);
    expect(lines.join('\n')).not.toContain(code);
  });

  it('never repeats an answer changed outside the back office (the database says so)', async () => {
    const titleOf = () => titleAt('/api/page/about');
    await titleOf();
    await titleOf();
    await database.db.execute(
      sql`update pages set title = 'О школе — изменено в базе' where slug = 'about'`,
    );
    await expect.poll(titleOf, { timeout: 5_000 }).toBe('О школе — изменено в базе');
  });

  it('never repeats an answer an editor has changed', async () => {
    const titleOf = () => titleAt('/api/page/faq');
    await titleOf();
    await titleOf();
    await retitlePage(app, editor, 'faq', 'Вопросы и ответы — обновлено');
    expect(await titleOf()).toBe('Вопросы и ответы — обновлено');
  });
});
