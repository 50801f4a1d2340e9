import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAGE_SLUGS } from '@contract/api/content';
import { instructions as instructionsTable, pages } from '../../db/schema/index';
import { defaultSeedContent } from '../../db/seed/default-content';
import { seedDatabase } from '../../db/seed/seed';
import { createTestApp, testConfig } from '../../testing/test-app';
import { createTestDatabase, type TestDatabase } from '../../testing/test-database';

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

describe('GET /api/landing-data', () => {
  it('gives the landing texts by default, with the footer html', async () => {
    const res = await app.inject({ url: '/api/landing-data' });
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data.key).toBe('landing');
    for (const field of [
      'banner_description',
      'banner_text',
      'video_heading',
      'video_link',
      'video_poster',
      'promo_button',
      'promo_text',
      'special_text',
    ]) {
      expect(typeof data[field], field).toBe('string');
      expect(data[field].length, field).toBeGreaterThan(0);
    }
    expect(data.offer_percent).toBeGreaterThan(0);
    expect(data.key_values.footer_html).toContain('<a href="/documents/confidentiality-policy">');
  });

  it('gives the payment texts for key=payment', async () => {
    const res = await app.inject({ url: '/api/landing-data?key=payment' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.key).toBe('payment');
  });

  it('refuses an unknown key with 422', async () => {
    const res = await app.inject({ url: '/api/landing-data?key=admin' });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      code: 'validation_failed',
      message: 'Неизвестный раздел: landing или payment',
      errors: { key: ['Неизвестный раздел: landing или payment'] },
    });
  });
});

describe('GET /api/page/:slug', () => {
  it('gives each page the school links to', async () => {
    for (const slug of Object.values(PAGE_SLUGS)) {
      const res = await app.inject({ url: `/api/page/${slug}` });
      expect(res.statusCode, slug).toBe(200);
      const { data } = res.json();
      expect(data.slug).toBe(slug);
      expect(data.title.length).toBeGreaterThan(0);
      expect(data.body_html.length).toBeGreaterThan(100);
      expect(Date.parse(data.updated_at)).not.toBeNaN();
    }
  });

  it('answers an unknown slug with a Russian 404', async () => {
    const res = await app.inject({ url: '/api/page/no-such-page' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      code: 'not_found',
      message: 'Страница не найдена',
      errors: { error: ['Страница не найдена'] },
    });
  });

  it('refuses a slug that cannot be one with 422', async () => {
    for (const slug of ['Bad_Slug', '..%2Fetc', '-x-', 'a--b']) {
      const res = await app.inject({ url: `/api/page/${slug}` });
      expect(res.statusCode, slug).toBe(422);
      expect(res.json().errors.slug).toEqual(['Неверный адрес страницы']);
    }
  });

  it('refuses an over-long slug in the same error shape', async () => {
    const res = await app.inject({ url: `/api/page/${'a'.repeat(500)}` });
    expect(res.statusCode).toBe(414);
    expect(res.json()).toEqual({
      code: 'bad_request',
      message: 'Слишком длинный адрес запроса',
      errors: { error: ['Слишком длинный адрес запроса'] },
    });
  });

  it('sanitises the HTML on the way out', async () => {
    await database.db.insert(pages).values({
      slug: 'hostile',
      title: 'Проверка',
      bodyHtml:
        '<h2 onclick="x()">Заголовок</h2><script>alert(1)</script><p style="color:red">Текст' +
        '<img src="javascript:alert(1)"><img src="https://cdn.example/a.png" onerror="x()">' +
        '<img src="/media/poster.svg"><a href="https://example.com">внешняя</a>' +
        '<a href="javascript:alert(1)">плохая</a><iframe src="https://evil"></iframe></p>' +
        '<details open><summary>Вопрос</summary>Ответ</details><table><tr><td colspan="2">1</td></tr></table>',
    });
    const res = await app.inject({ url: '/api/page/hostile' });
    const html: string = res.json().data.body_html;
    expect(html).not.toMatch(/script|onclick|onerror|style=|javascript:|iframe|alert/);
    expect(html).toContain('<h2>Заголовок</h2>');
    expect(html).toContain('<img src="https://cdn.example/a.png" />');
    expect(html).toContain('<img src="/media/poster.svg" />');
    expect(html).toContain(
      '<a href="https://example.com" target="_blank" rel="noopener noreferrer">внешняя</a>',
    );
    expect(html).toContain('<details open><summary>Вопрос</summary>Ответ</details>');
    expect(html).toContain('<td colspan="2">1</td>');
  });

  it('keeps typed markup escaped, at the top level too, and strips the real one', async () => {
    await database.db.insert(pages).values({
      slug: 'hostile-team',
      title: 'Команда',
      bodyHtml:
        '&lt;img src=x onerror=alert(1)&gt;<h3>&lt;b&gt;Анна&lt;/b&gt;</h3>' +
        '<img src=x onerror=alert(2)><p>&lt;img src=x onerror=alert(3)&gt;</p>',
    });
    const res = await app.inject({ url: '/api/page/hostile-team' });
    // The web app splits this into cards (features/about) and relies on the text staying text.
    expect(res.json().data.body_html).toBe(
      '&lt;img src=x onerror=alert(1)&gt;<h3>&lt;b&gt;Анна&lt;/b&gt;</h3>' +
        '<img src="x" /><p>&lt;img src=x onerror=alert(3)&gt;</p>',
    );
  });
});

describe('GET /api/admin/instruction', () => {
  it('lists the help instructions in their order, to anyone', async () => {
    const res = await app.inject({ url: '/api/admin/instruction' });
    expect(res.statusCode).toBe(200);
    const { data } = res.json() as {
      data: { position: number; slug: string; body_html: string }[];
    };
    expect(data).toHaveLength(defaultSeedContent.instructions.length);
    const positions = data.map((i) => i.position);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
    for (const item of data) expect(item.body_html).not.toContain('<script');
  });

  it('gives an empty list when there are none', async () => {
    await database.db.delete(instructionsTable);
    // A change made straight in the database reaches the app's cache by NOTIFY, a moment later.
    await expect
      .poll(async () => (await app.inject({ url: '/api/admin/instruction' })).json())
      .toEqual({ data: [] });
  });
});
