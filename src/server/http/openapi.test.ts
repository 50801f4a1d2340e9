// The API description validates as OpenAPI, and exists only outside production.
import SwaggerParser from '@apidevtools/swagger-parser';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRODUCTION_ENV } from '../testing/fixtures';
import { createTestApp, testConfig } from '../testing/test-app';
import { createTestDatabase, type TestDatabase } from '../testing/test-database';

interface Parameter {
  name: string;
  in: string;
  style?: string;
  explode?: boolean;
  schema?: { type?: string };
}
interface Document {
  paths: Record<string, Record<string, { parameters?: Parameter[] }>>;
}

let database: TestDatabase;
const apps: FastifyInstance[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await Promise.all(apps.map((a) => a.close()));
  await database.close();
});

async function appWith(env: Record<string, string> = {}): Promise<FastifyInstance> {
  const app = await createTestApp({ db: database.db, config: testConfig(env) });
  apps.push(app);
  return app;
}

async function documentOf(app: FastifyInstance): Promise<Document> {
  const res = await app.inject({ url: '/api/docs/json' });
  expect(res.statusCode).toBe(200);
  return res.json<Document>();
}

describe('/api/docs/json', () => {
  it('is a valid OpenAPI document', async () => {
    const doc = await documentOf(await appWith());
    // validate() resolves references in place: give it a copy.
    await expect(SwaggerParser.validate(structuredClone(doc) as never)).resolves.toBeTruthy();
  });

  it('names the parameters registration keeps, not the keywords of a lenient schema', async () => {
    const doc = await documentOf(await appWith());
    const names = (path: string, method: string) =>
      (doc.paths[path]?.[method]?.parameters ?? []).map((p) => p.name);

    expect(names('/api/auth/register', 'post')).toEqual(
      expect.arrayContaining(['ref', 'utm_source', 'utm_medium', 'utm_campaign']),
    );
    for (const network of ['vk', 'fb']) {
      const path = `/api/auth/${network}-oauth/callback`;
      expect(names(path, 'get'), path).not.toContain('type');
      expect(names(path, 'get'), path).not.toContain('additionalProperties');
      // Whatever the provider sends: one free-form object parameter, spelled out as form fields.
      expect(doc.paths[path]?.get?.parameters, path).toEqual([
        expect.objectContaining({
          in: 'query',
          style: 'form',
          explode: true,
          schema: expect.objectContaining({ type: 'object' }),
        }),
      ]);
    }
  });
});

describe('the docs in production', () => {
  it('are not served at all: neither the UI nor the JSON', async () => {
    const app = await appWith(PRODUCTION_ENV);
    for (const url of [
      '/api/docs',
      '/api/docs/',
      '/api/docs/json',
      '/api/docs/static/index.html',
    ]) {
      const res = await app.inject({ url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toMatchObject({ code: 'not_found' });
    }
  });

  it('are served outside production', async () => {
    const app = await appWith();
    const res = await app.inject({ url: '/api/docs' });
    const page =
      res.statusCode === 302 ? await app.inject({ url: res.headers.location as string }) : res;
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
  });
});
