import { brotliDecompressSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LISTEN_APPLICATION_NAME } from '../../db/notifications';
import { defaultSeedContent } from '../../db/seed/default-content';
import { seedDatabase } from '../../db/seed/seed';
import { staffSession } from '../../testing/staff';
import { createTestApp, testConfig } from '../../testing/test-app';
import { createTestDatabase, type TestDatabase } from '../../testing/test-database';
import { retitlePage } from '../../testing/pages';

let database: TestDatabase;
let app: FastifyInstance;
let editor: string;

beforeAll(async () => {
  database = await createTestDatabase();
  await seedDatabase({ db: database.db, config: testConfig(), content: defaultSeedContent });
  app = await createTestApp({ db: database.db });
  editor = await staffSession({ db: database.db, clock: () => new Date() }, 'editor');
});
afterAll(async () => {
  await app.close();
  await database.close();
});

const retitle = (via: FastifyInstance, slug: string, title: string) =>
  retitlePage(via, editor, slug, title);

const titleOn = async (via: FastifyInstance, slug: string) =>
  (await via.inject({ url: `/api/page/${slug}` })).json<{ data: { title: string } }>().data.title;

describe('public reads from the cache', () => {
  it('answers with a strong ETag and a revalidation policy, and 304 to a browser that holds it', async () => {
    const first = await app.inject({ url: '/api/page/faq' });
    expect(first.statusCode).toBe(200);
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(first.headers['cache-control']).toBe('public, max-age=0, must-revalidate');
    expect(first.headers['content-type']).toBe('application/json; charset=utf-8');

    const again = await app.inject({ url: '/api/page/faq', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);

    const other = await app.inject({ url: '/api/page/faq', headers: { 'if-none-match': '"x"' } });
    expect(other.statusCode).toBe(200);
    expect(other.body).toBe(first.body);
  });

  it('sends a compressed body made once, with its own tag, that unpacks to the same JSON', async () => {
    const plain = await app.inject({ url: '/api/page/faq' });
    const packed = await app.inject({
      url: '/api/page/faq',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(packed.headers['content-encoding']).toBe('br');
    expect(packed.headers.vary).toContain('accept-encoding');
    expect(packed.headers.etag).not.toBe(plain.headers.etag);
    expect(brotliDecompressSync(packed.rawPayload).toString()).toBe(plain.body);
    const held = await app.inject({
      url: '/api/page/faq',
      headers: { 'accept-encoding': 'br', 'if-none-match': String(packed.headers.etag) },
    });
    expect(held.statusCode).toBe(304);
  });

  it("shows an editor's change on the next read, under a new ETag", async () => {
    const before = await app.inject({ url: '/api/page/about' });
    await retitle(app, 'about', 'О школе — обновлено');
    const after = await app.inject({
      url: '/api/page/about',
      headers: { 'if-none-match': String(before.headers.etag) },
    });
    expect(after.statusCode).toBe(200);
    expect(after.json<{ data: { title: string } }>().data.title).toBe('О школе — обновлено');
    expect(after.headers.etag).not.toBe(before.headers.etag);
  });

  it('tells a listener when it drops its answers', async () => {
    let heard = 0;
    const stop = app.publicCache.onInvalidate(() => (heard += 1));
    await retitle(app, 'vacancy', 'Вакансии — обновлено');
    stop();
    expect(heard).toBeGreaterThan(0);
  });

  it('hears a change made straight in the database', async () => {
    await app.inject({ url: '/api/regions' });
    await database.db.execute(
      sql`update regions set name = 'Тестовая область' where code = 'RU-AD'`,
    );
    await expect
      .poll(async () => (await app.inject({ url: '/api/regions' })).body)
      .toContain('Тестовая область');
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('two instances on one PostgreSQL', () => {
  let other: FastifyInstance;
  beforeAll(async () => {
    other = await createTestApp({ db: database.db });
  });
  afterAll(async () => {
    await other.close();
  });

  it("drops the other instance's answer when one instance changes it", async () => {
    expect(await titleOn(other, 'team')).not.toBe('Команда — из первого');
    await retitle(app, 'team', 'Команда — из первого');
    await expect.poll(() => titleOn(other, 'team')).toBe('Команда — из первого');
  });

  it('listens again after its connection is cut, and hears changes afterwards', async () => {
    await titleOn(other, 'team');
    expect(other.publicCache.listening).toBe(true);
    await database.db.execute(
      sql`select pg_terminate_backend(pid) from pg_stat_activity
          where datname = current_database() and application_name = ${LISTEN_APPLICATION_NAME}`,
    );
    await expect.poll(() => other.publicCache.listening).toBe(false);
    await expect.poll(() => other.publicCache.listening, { timeout: 5_000 }).toBe(true);
    await retitle(app, 'team', 'Команда — после обрыва');
    await expect.poll(() => titleOn(other, 'team')).toBe('Команда — после обрыва');
  });
});
