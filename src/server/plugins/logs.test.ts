// What a log of real traffic holds: one line per request, and never a password, a hash, a token, an e-mail
// address or a phone number — including the failures of the database itself.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { buildApp } from '../app';
import { seedDatabase } from '../db/seed/seed';
import { runDueJobs } from '../jobs/runner';
import { redactUrl, serializeError } from '../logger';
import { capturingLogger } from '../testing/log-lines';
import { bearer, linkIn, type OutboxMessage } from '../testing/accounts';
import { newCertificateCode } from '../modules/gifts/certificates';
import { NO_CONTENT } from '../testing/fixtures';
import { staffSession } from '../testing/staff';
import { testConfig } from '../testing/test-app';
import { createTestDatabase, type TestDatabase } from '../testing/test-database';

const EMAIL = 'logs.parent@example.ru';
const PASSWORD = 'секретный-пароль-42';
const PHONE = '+79161234567';

let database: TestDatabase;
let app: FastifyInstance;
const { logger, lines } = capturingLogger('trace');
const config = testConfig({ PUBLIC_URL: 'http://localhost:3000' });
const secrets: string[] = [
  EMAIL,
  encodeURIComponent(EMAIL),
  PASSWORD,
  encodeURIComponent(PASSWORD),
  PHONE,
  encodeURIComponent(PHONE),
  '$argon2',
];

beforeAll(async () => {
  database = await createTestDatabase();
  await seedDatabase({ db: database.db, config, content: NO_CONTENT });
  app = await buildApp({ config, db: database.db, logger, webDir: '/nonexistent' });
});

afterAll(async () => {
  await app.close();
  await database.close();
});

async function outbox(to: string): Promise<OutboxMessage[]> {
  await runDueJobs({ db: database.db, config, logger });
  const res = await app.inject({ url: `/sandbox/mail/api/messages?to=${encodeURIComponent(to)}` });
  return (res.json() as { data: OutboxMessage[] }).data;
}

describe('the log of a run', () => {
  it('holds one line per request and no personal data or secret', async () => {
    const registered = await app.inject({
      method: 'POST',
      url: `/api/auth/register?utm_source=${encodeURIComponent(EMAIL)}&ref=FRIEND`,
      payload: { email: EMAIL, password: PASSWORD, name: 'Оля', consent_personal_data: true },
    });
    expect(registered.statusCode).toBe(201);
    const token = registered.json().data.token as string;
    secrets.push(token);
    const auth = { authorization: `Bearer ${token}` };

    await app.inject({
      method: 'POST',
      url: '/api/profile/update',
      headers: auth,
      payload: { name: 'Оля', surname: '', patronymic: '', phone: PHONE, region_id: null },
    });
    await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: EMAIL, password: 'wrong-one' },
    });
    await app.inject({
      method: 'POST',
      url: '/api/auth/password/email',
      payload: { email: EMAIL },
    });
    const reset = linkIn((await outbox(EMAIL))[0], 'http://localhost:3000/password-reset');
    const resetToken = reset.searchParams.get('token') ?? '';
    secrets.push(resetToken);
    const confirmation = (await outbox(EMAIL)).find((m) => m.template === 'confirmation');
    if (confirmation) secrets.push(...confirmation.links);
    await app.inject({
      method: 'POST',
      url: '/api/auth/password/reset',
      payload: { token: resetToken, email: EMAIL, password: `${PASSWORD}-новый` },
    });
    secrets.push(`${PASSWORD}-новый`);
    await app.inject({ url: `/api/auth/register/verification?verified_token=${resetToken}` });
    await app.inject({ url: '/api/health' });

    const before = lines.length;
    await app.inject({ url: '/api/regions' });
    const one = lines.slice(before).filter((l) => JSON.parse(l).msg === 'request');
    expect(one).toHaveLength(1);
    expect(JSON.parse(one[0] ?? '{}')).toMatchObject({
      level: 30,
      method: 'GET',
      url: '/api/regions',
      status: 200,
      request_id: expect.any(String),
    });
    const health = lines
      .map((l) => JSON.parse(l) as { msg?: string; url?: string; level?: number })
      .find((l) => l.msg === 'request' && l.url === '/api/health');
    expect(health?.level).toBe(20);

    const text = lines.join('\n');
    expect(text).not.toContain('incoming request');
    expect(text).not.toContain('request completed');
    for (const secret of secrets) expect(text, secret).not.toContain(secret);
  });

  it('logs a failed query without its parameters', async () => {
    const before = lines.length;
    const failing = async () => {
      await database.db.execute(
        sql`select * from users where email = ${EMAIL} and password_hash = ${'$argon2id$v=19$m=1$abc$def'} and no_such_column = 1`,
      );
    };
    const error = await failing().then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).not.toBeNull();
    logger.error({ err: error }, 'request failed');
    const written = lines.slice(before).join('\n');
    expect(written).toContain('no_such_column');
    expect(written).not.toContain(EMAIL);
    expect(written).not.toContain('$argon2');
    expect(JSON.stringify(serializeError(error))).not.toContain('params');
  });

  it('keeps secret and personal query values out of URLs', () => {
    expect(redactUrl(`/reset?token=abc&email=${encodeURIComponent(EMAIL)}&page=2`)).toBe(
      '/reset?token=%5Bredacted%5D&email=%5Bredacted%5D&page=2',
    );
    expect(redactUrl(`/x?utm_source=${EMAIL}`)).not.toContain(EMAIL);
  });
});

describe('the back office’s searches and certificate codes', () => {
  it('keeps what staff searched for, and any certificate code, out of the log', async () => {
    const staff = (role: 'admin' | 'support') =>
      staffSession({ db: database.db, clock: () => new Date() }, role);
    const admin = await staff('admin');
    const support = await staff('support');
    const code = newCertificateCode();
    const phone = '916 123-45-67';
    const surname = 'Смирнова';
    const before = lines.length;

    const calls: [string, string][] = [
      [support, `/api/admin/gift-certificates?q=${code}&status=active`],
      [admin, `/api/admin/orders?q=${code}`],
      [support, `/api/admin/users?q=${encodeURIComponent(phone)}`],
      [support, `/api/admin/users?q=${encodeURIComponent(surname)}&role=parent`],
      [admin, `/api/admin/support-requests?q=${encodeURIComponent(EMAIL)}`],
    ];
    for (const [token, url] of calls) {
      const res = await app.inject({ url, headers: bearer(token) });
      expect(res.statusCode, url).toBe(200);
    }
    // A code where no parameter's name says so: in a path nobody answers, under another name.
    await app.inject({ url: `/api/store/gift/${code}` });
    await app.inject({ url: `/api/regions?from=${code.replaceAll('-', '')}` });

    const written = lines.slice(before);
    const text = written.join('\n');
    for (const secret of [
      code,
      code.replaceAll('-', ''),
      phone,
      encodeURIComponent(phone),
      surname,
      encodeURIComponent(surname),
      EMAIL,
    ]) {
      expect(text, secret).not.toContain(secret);
    }
    // The lines themselves stay: which list was searched, and with which filters.
    const urls = written.map((l) => (JSON.parse(l) as { url?: string }).url);
    expect(urls).toContain('/api/admin/gift-certificates?q=%5Bredacted%5D&status=active');
    expect(urls).toContain('/api/admin/users?q=%5Bredacted%5D&role=parent');
    expect(urls).toContain('/api/regions?from=%5Bcode%5D');
  });

  it('finds a code in any form it is written in, and leaves look-alikes alone', () => {
    expect(redactUrl('/gift/7KQM-2X9D-HT4W/x')).toBe('/gift/[code]/x');
    expect(redactUrl('/x?note=7KQM 2X9D HT4W')).toBe('/x?note=%5Bcode%5D');
    expect(redactUrl('/x?note=7KQM2X9DHT4W')).toBe('/x?note=%5Bcode%5D');
    // A UUID's lower-case groups and a dashed slug are not codes.
    const media = '/media/lessons/3f2a9bc8-d7e6-4a5b-9c8d-5e2f3a4b5c6d/poster.jpg';
    expect(redactUrl(media)).toBe(media);
    expect(redactUrl('/api/page/week-days-test')).toBe('/api/page/week-days-test');
  });
});
