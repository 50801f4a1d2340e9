import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAudit, landingContents } from '../../db/schema/index';
import { defaultSeedContent } from '../../db/seed/default-content';
import { seedDatabase } from '../../db/seed/seed';
import { createTestApp, testConfig } from '../../testing/test-app';
import { createTestDatabase, type TestDatabase } from '../../testing/test-database';
import { bearer } from '../../testing/accounts';
import { staffSession } from '../../testing/staff';

let database: TestDatabase;
let app: FastifyInstance;

beforeAll(async () => {
  database = await createTestDatabase();
  await seedDatabase({ db: database.db, config: testConfig(), content: defaultSeedContent });
  app = await createTestApp({ db: database.db });
});
afterAll(async () => {
  await app.close();
  await database.close();
});

const staff = (role: 'editor' | 'support') =>
  staffSession({ db: database.db, clock: () => new Date() }, role);

const send = (token: string, method: 'PUT' | 'POST' | 'DELETE', url: string, payload?: object) =>
  app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

interface Landing {
  id: number;
  key: string;
  key_values: { key: string; value: string }[];
  [field: string]: unknown;
}

async function landingRow(token: string): Promise<Landing> {
  const list = await app.inject({ url: '/api/admin/landing', headers: bearer(token) });
  const row = list.json<{ data: Landing[] }>().data.find((l) => l.key === 'landing');
  if (!row) throw new Error('no landing');
  return row;
}

const editable = ({ id: _id, key: _key, updated_at: _at, ...rest }: Landing) => rest;

describe('the landing in the back office', () => {
  it('saves a text and a footer whose script is cleaned away, on save and on the site', async () => {
    const token = await staff('editor');
    const row = await landingRow(token);
    const footer = '<p>Подвал</p><script>alert(1)</script><a href="javascript:alert(2)">ссылка</a>';
    const res = await send(token, 'PUT', `/api/admin/landing/${row.id}`, {
      ...editable(row),
      banner_description: 'Новое описание баннера',
      key_values: [
        ...row.key_values.filter((p) => p.key !== 'footer_html'),
        { key: 'footer_html', value: footer },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);

    const [stored] = await database.db
      .select({ keyValues: landingContents.keyValues })
      .from(landingContents)
      .where(eq(landingContents.id, row.id));
    expect(stored?.keyValues.footer_html).not.toMatch(/script|javascript:/i);

    const site = (await app.inject({ url: '/api/landing-data' })).json<{
      data: { banner_description: string; key_values: { footer_html: string } };
    }>().data;
    expect(site.banner_description).toBe('Новое описание баннера');
    expect(site.key_values.footer_html).toContain('<p>Подвал</p>');
    expect(site.key_values.footer_html).not.toMatch(/<script|javascript:/i);

    const audit = await database.db
      .select()
      .from(adminAudit)
      .where(eq(adminAudit.resource, 'landing'));
    expect(audit.length).toBeGreaterThan(0);
  });

  it('refuses repeated keys and a discount over 100 % with Russian messages, changing nothing', async () => {
    const token = await staff('editor');
    const row = await landingRow(token);
    const twice = await send(token, 'PUT', `/api/admin/landing/${row.id}`, {
      ...editable(row),
      key_values: [
        { key: 'phone', value: '1' },
        { key: 'phone', value: '2' },
      ],
    });
    expect(twice.statusCode).toBe(422);
    expect(twice.json<{ errors: Record<string, string[]> }>().errors.key_values?.[0]).toMatch(
      /не должны повторяться/,
    );
    const percent = await send(token, 'PUT', `/api/admin/landing/${row.id}`, {
      ...editable(row),
      offer_percent: 150,
    });
    expect(percent.statusCode).toBe(422);
    expect(await landingRow(token)).toEqual(row);
  });

  it('is not support’s to edit', async () => {
    const token = await staff('support');
    const res = await app.inject({ url: '/api/admin/landing', headers: bearer(token) });
    expect(res.statusCode).toBe(403);
  });
});

describe('pages and instructions in the back office', () => {
  it('saves a page cleaned of scripts, and the site shows it', async () => {
    const token = await staff('editor');
    const list = await app.inject({ url: '/api/admin/pages', headers: bearer(token) });
    const team = list
      .json<{ data: { id: number; slug: string; version: string }[] }>()
      .data.find((p) => p.slug === 'team');
    const res = await send(token, 'PUT', `/api/admin/pages/${team?.id}`, {
      title: 'Наша команда',
      body_html: '<h2>Педагоги</h2><p onclick="alert(1)">Опытные</p><script>alert(2)</script>',
      version: team?.version ?? '1',
    });
    expect(res.statusCode, res.body).toBe(200);
    const page = (await app.inject({ url: '/api/page/team' })).json<{
      data: { title: string; body_html: string };
    }>().data;
    expect(page.title).toBe('Наша команда');
    expect(page.body_html).toContain('Педагоги');
    expect(page.body_html).not.toMatch(/onclick|<script/i);
  });

  it('creates, renames, refuses a taken address and deletes an instruction', async () => {
    const token = await staff('editor');
    const body = {
      slug: 'kak-platit',
      title: 'Как платить',
      body_html: '<p>Картой на странице банка.</p>',
      position: 7,
    };
    const created = await send(token, 'POST', '/api/admin/instructions', body);
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json<{ data: { id: number } }>().data.id;
    const again = await send(token, 'POST', '/api/admin/instructions', body);
    expect(again.statusCode).toBe(422);
    expect(again.json<{ errors: Record<string, string[]> }>().errors.slug?.[0]).toMatch(/уже есть/);

    const publicList = await app.inject({ url: '/api/admin/instruction' });
    expect(publicList.body).toContain('Как платить');

    const renamed = await send(token, 'PUT', `/api/admin/instructions/${id}`, {
      ...body,
      title: 'Как оплатить подписку',
    });
    expect(renamed.statusCode).toBe(200);
    const removed = await send(token, 'DELETE', `/api/admin/instructions/${id}`);
    expect(removed.statusCode).toBe(200);
    expect((await app.inject({ url: '/api/admin/instruction' })).body).not.toContain(
      'Как оплатить подписку',
    );
    const gone = await send(token, 'DELETE', `/api/admin/instructions/${id}`);
    expect(gone.statusCode).toBe(404);
  });
});
