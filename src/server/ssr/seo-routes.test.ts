// What crawlers are told: robots.txt keeps them out of private areas and points at the sitemap, which
// lists the public pages at the school's own address.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../testing/test-app';
import { createTestDatabase, type TestDatabase } from '../testing/test-database';
import { SITEMAP_PATHS } from './seo-routes';

let database: TestDatabase;
let app: FastifyInstance;

beforeAll(async () => {
  database = await createTestDatabase();
  app = await createTestApp({ db: database.db });
});
afterAll(async () => {
  await app.close();
  await database.close();
});

describe('robots.txt and sitemap.xml', () => {
  it('robots.txt keeps crawlers out of the personal area, the API and the back office', async () => {
    const response = await app.inject({ method: 'GET', url: '/robots.txt' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain/);
    for (const path of ['/personal', '/api/', '/admin', '/video', '/sandbox/']) {
      expect(response.body).toContain(`Disallow: ${path}\n`);
    }
    expect(response.body).toMatch(/^Sitemap: https?:\/\/[^\s]+\/sitemap\.xml$/m);
  });

  it('sitemap.xml lists every public page once, at the public address', async () => {
    const response = await app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/xml/);
    const locations = [...response.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
    expect(locations).toHaveLength(SITEMAP_PATHS.length);
    expect(new Set(locations).size).toBe(locations.length);
    expect(locations.map((url) => new URL(url ?? '').pathname)).toEqual(SITEMAP_PATHS);
    expect(locations).toContain(
      `${new URL(locations[0] ?? '').origin}/programs/main-program/four-five`,
    );
    expect(locations.some((url) => url?.includes('/personal'))).toBe(false);
  });
});
