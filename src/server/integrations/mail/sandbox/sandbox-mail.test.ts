import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../config';
import { runDueJobs } from '../../../jobs/runner';
import { createTestApp, testConfig } from '../../../testing/test-app';
import { createTestDatabase, type TestDatabase } from '../../../testing/test-database';
import { queueMail } from '../queue';
import { mailLinks } from './outbox';

let database: TestDatabase;
let app: FastifyInstance;
const config = testConfig({ PUBLIC_URL: 'https://umnyashki.example' });
const url = 'https://umnyashki.example/confirmed?verified_token=tok&x=1';

beforeAll(async () => {
  database = await createTestDatabase();
  app = await createTestApp({ db: database.db, config });
  await queueMail(database.db, {
    template: 'confirmation',
    to: 'mama@example.ru',
    data: { name: 'Анна "<b>"', url },
  });
  await runDueJobs({ db: database.db, config });
});
afterAll(async () => {
  await app.close();
  await database.close();
});

async function firstId(): Promise<number> {
  const res = await app.inject({ url: '/sandbox/mail/api/messages' });
  return res.json().data[0].id;
}

describe('/sandbox/mail', () => {
  it('lists the mail, newest first, with a page CSP of its own and no scripts', async () => {
    for (const path of ['/sandbox/mail', '/sandbox/mail/']) {
      const res = await app.inject({ url: path });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['content-security-policy']).toContain("default-src 'none'");
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.body).toMatch(/^<!doctype html>/);
      expect(res.body).toContain('Почтовый ящик песочницы');
      expect(res.body).toContain('Подтвердите адрес почты');
      expect(res.body).toContain('mama@example.ru');
      expect(res.body).toContain(`href="/sandbox/mail/${await firstId()}"`);
      expect(res.body).not.toContain('<script');
    }
  });

  it('filters by recipient', async () => {
    const none = await app.inject({ url: '/sandbox/mail?to=papa@example.ru' });
    expect(none.body).toContain('Для papa@example.ru писем нет.');
    const some = await app.inject({ url: '/sandbox/mail?to=Mama@Example.ru' });
    expect(some.body).toContain('1\u00a0письмо');
  });

  it('shows one mail: headers, clickable links, the HTML in a sandboxed frame, the text part', async () => {
    const res = await app.inject({ url: `/sandbox/mail/${await firstId()}` });
    expect(res.statusCode).toBe(200);
    const body = res.body;
    expect(body).toContain('<h1>Подтвердите адрес почты</h1>');
    expect(body).toContain('Школа Умняшек &lt;noreply@umnyashki.ru&gt;');
    expect(body).toContain(`<a href="${url.replace('&', '&amp;')}">`);
    expect(body).toMatch(/<iframe[^>]*sandbox="allow-popups [^"]*"/);
    expect(body).not.toMatch(/sandbox="[^"]*allow-scripts/);
    expect(body).not.toMatch(/sandbox="[^"]*allow-same-origin/);
    // The mail sits escaped in srcdoc, with links opening in the whole tab.
    expect(body).toMatch(/srcDoc="&lt;!DOCTYPE html|srcdoc="&lt;!DOCTYPE html/i);
    expect(body).toContain('&lt;base target=&quot;_top&quot;&gt;');
    expect(body).not.toContain('"<b>"');
    expect(body).toContain('<pre>Школа Умняшек');
    expect(res.headers['content-security-policy']).toContain("default-src 'none'");
  });

  it('serves the mail alone as a sandboxed document', async () => {
    const res = await app.inject({ url: `/sandbox/mail/${await firstId()}/html` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toMatch(/^sandbox allow-popups /);
    expect(csp).not.toContain('allow-scripts');
    expect(csp).toContain("default-src 'none'");
    expect(res.body).toMatch(/^<!DOCTYPE html/);
    expect(res.body).toContain('Подтвердить адрес');
  });

  it('answers an unknown or malformed id with a readable 404 page', async () => {
    for (const path of [
      '/sandbox/mail/999999',
      '/sandbox/mail/abc',
      '/sandbox/mail/1e3',
      '/sandbox/mail/999999/html',
    ]) {
      const res = await app.inject({ url: path });
      expect(res.statusCode).toBe(404);
      expect(res.body).toContain('Письмо не найдено');
    }
  });

  it('gives the mail as JSON with its links', async () => {
    const res = await app.inject({ url: '/sandbox/mail/api/messages?to=mama@example.ru' });
    const [message] = res.json().data;
    expect(Object.keys(message).sort()).toEqual(
      [
        'created_at',
        'from',
        'headers',
        'html',
        'id',
        'links',
        'subject',
        'template',
        'text',
        'to',
      ].sort(),
    );
    expect(message.links).toEqual([url, 'mailto:help@umnyashki.ru', 'https://umnyashki.example/']);
  });

  // Last in this block: it adds the newest mail, which the tests above take as the confirmation.
  it('finds a Cyrillic-domain address typed as people type it and shows it in Cyrillic', async () => {
    await queueMail(database.db, {
      template: 'welcome',
      to: 'мама@xn--e1afmkfd.xn--p1ai',
      data: { name: 'Оля' },
    });
    await runDueJobs({ db: database.db, config });
    for (const typed of ['мама@пример.рф', ' Мама@ПРИМЕР.РФ ', 'мама@xn--e1afmkfd.xn--p1ai']) {
      const list = await app.inject({ url: `/sandbox/mail?to=${encodeURIComponent(typed)}` });
      expect(list.body).toContain('1\u00a0письмо');
      expect(list.body).toContain('Кому: мама@пример.рф');
      expect(list.body).not.toContain('Кому: мама@xn--');
      const api = await app.inject({
        url: `/sandbox/mail/api/messages?to=${encodeURIComponent(typed)}`,
      });
      expect(api.json().data.map((m: { template: string }) => m.template)).toEqual(['welcome']);
    }
    const page = await app.inject({ url: `/sandbox/mail/${await firstId()}` });
    expect(page.body).toContain('<dd>мама@пример.рф</dd>');
    // A Cyrillic mailbox is not an address the browser's e-mail field lets through: the field is text.
    const list = await app.inject({ url: '/sandbox/mail' });
    expect(list.body).not.toContain('type="email"');
  });
});

describe('mailLinks', () => {
  it('decodes entities and takes each link once with its text', () => {
    expect(
      mailLinks(
        '<a href="https://x.ru/?a=1&amp;b=2" style="c"><span><!--[if mso]>x<![endif]-->Нажмите&nbsp;здесь</span></a>' +
          '<a class="y" href="https://x.ru/?a=1&amp;b=2">ещё раз</a><a name="no-href">якорь</a>',
      ),
    ).toEqual([{ href: 'https://x.ru/?a=1&b=2', text: 'Нажмите здесь' }]);
  });
});

describe('in production', () => {
  it('the sandbox is not there', async () => {
    const production = loadConfig({
      NODE_ENV: 'production',
      DATABASE_URL: 'postgres://school@127.0.0.1:5432/school',
      PUBLIC_URL: 'https://umnyashki.ru',
      SMTP_URL: 'smtp://127.0.0.1:2525',
      MAIL_FROM: 'Школа Умняшек <noreply@umnyashki.ru>',
      SBERBANK_API_URL: 'https://3dsec.sberbank.ru/payment/rest/',
      SBERBANK_USERNAME: 'merchant-api',
      SBERBANK_PASSWORD: 'merchant-password',
      SBERBANK_CALLBACK_KEY: 'merchant-callback-key',
      VK_CLIENT_ID: '123',
      VK_CLIENT_SECRET: 'vk-secret',
      ADMIN_EMAIL: 'admin@umnyashki.ru',
      ADMIN_PASSWORD: 'a-long-admin-password',
      SUPPORT_EMAIL: 'help@umnyashki.ru',
      TRUST_PROXY: 'none',
      MEDIA_SIGNING_SECRET: 'a-production-key-of-the-video-links-0123456789',
    });
    expect(production.sandboxes).toBe(false);
    const productionApp = await createTestApp({ db: database.db, config: production });
    try {
      for (const path of [
        '/sandbox/mail',
        `/sandbox/mail/${await firstId()}`,
        '/sandbox/mail/api/messages',
      ]) {
        const res = await productionApp.inject({ url: path });
        expect(res.statusCode).toBe(404);
        expect(res.body).not.toContain('Подтвердите адрес почты');
      }
    } finally {
      await productionApp.close();
    }
  });
});
