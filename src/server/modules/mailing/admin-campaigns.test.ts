import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailingCategories as seedCategories } from '../../db/seed/data/mailing-categories';
import { seedDatabase } from '../../db/seed/seed';
import { adminAudit, mailingCategories } from '../../db/schema/index';
import { bearer } from '../../testing/accounts';
import { NO_CONTENT, manualClock } from '../../testing/fixtures';
import { staffSession } from '../../testing/staff';
import { createTestApp, testConfig } from '../../testing/test-app';
import { createTestDatabase, type TestDatabase } from '../../testing/test-database';

let database: TestDatabase;
let app: FastifyInstance;
const time = manualClock('2026-11-20T09:00:00Z');
const content = { ...NO_CONTENT, mailingCategories: seedCategories };

beforeAll(async () => {
  database = await createTestDatabase();
  await seedDatabase({ db: database.db, config: testConfig(), content });
  app = await createTestApp({ db: database.db, clock: time.clock });
});
afterAll(async () => {
  await app.close();
  await database.close();
});

const auditOf = (resource: string, id: number) =>
  database.db
    .select({ action: adminAudit.action, summary: adminAudit.summary })
    .from(adminAudit)
    .where(and(eq(adminAudit.resource, resource), eq(adminAudit.recordId, String(id))));

describe('mailing in the back office', () => {
  it('renames a category, shows the new title and logs it; an unknown one is not found', async () => {
    const token = await staffSession({ db: database.db, clock: time.clock }, 'editor');
    const [news] = await database.db
      .select({ id: mailingCategories.id })
      .from(mailingCategories)
      .where(eq(mailingCategories.slug, 'news'));
    const id = news?.id ?? 0;
    const put = await app.inject({
      method: 'PUT',
      url: `/api/admin/mailing-categories/${id}`,
      headers: bearer(token),
      payload: { title: 'Новости школы', description: 'Что нового в «Школе Умняшек».' },
    });
    expect(put.statusCode, put.body).toBe(200);
    const got = await app.inject({
      url: `/api/admin/mailing-categories/${id}`,
      headers: bearer(token),
    });
    expect(got.json<{ data: { title: string } }>().data.title).toBe('Новости школы');
    expect(await auditOf('mailing-categories', id)).toContainEqual({
      action: 'update',
      summary: { title: 'Новости школы' },
    });
    const missing = await app.inject({
      url: '/api/admin/mailing-categories/999999',
      headers: bearer(token),
    });
    expect(missing.statusCode).toBe(404);
  });

  it('edits a draft and logs it; a draft not being sent cannot be cancelled, and nothing is logged', async () => {
    const token = await staffSession({ db: database.db, clock: time.clock }, 'editor');
    const [news] = await database.db
      .select({ id: mailingCategories.id })
      .from(mailingCategories)
      .where(eq(mailingCategories.slug, 'news'));
    const draft = { category_id: news?.id, subject: 'Весна', body: 'Весенние уроки.' };
    const created = await app.inject({
      method: 'POST',
      url: '/api/admin/campaigns',
      headers: bearer(token),
      payload: draft,
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json<{ data: { id: number } }>().data.id;
    const edited = await app.inject({
      method: 'PUT',
      url: `/api/admin/campaigns/${id}`,
      headers: bearer(token),
      payload: { ...draft, subject: 'Весна пришла' },
    });
    expect(edited.json<{ data: { subject: string } }>().data.subject).toBe('Весна пришла');
    const cancelled = await app.inject({
      method: 'POST',
      url: `/api/admin/campaigns/${id}/cancel`,
      headers: bearer(token),
    });
    expect(cancelled.statusCode).toBe(409);
    const actions = (await auditOf('campaigns', id)).map((r) => r.action);
    expect(actions.sort()).toEqual(['create', 'update']);
  });
});
