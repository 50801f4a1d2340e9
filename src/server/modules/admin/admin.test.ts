import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Config } from '../../config';
import { mailingCategories as seedCategories } from '../../db/seed/data/mailing-categories';
import {
  adminAudit,
  consents,
  mailingCategories,
  supportRequests,
  users,
} from '../../db/schema/index';
import { hashPassword } from '../../shared/passwords';
import { NO_CONTENT, manualClock } from '../../testing/fixtures';
import { enrolFactor, totpCode } from '../../testing/staff';
import { createTestApp, testConfig } from '../../testing/test-app';
import type { TestDatabase } from '../../testing/test-database';
import { bearer, deliveredMail, startAccountsApp, stopAccountsApp } from '../../testing/accounts';
import { createSession } from '../auth/service';

let database: TestDatabase;
let app: FastifyInstance;
let config: Config;
const time = manualClock('2026-11-20T09:00:00Z');
const PASSWORD = 'Staff-password-2026';
let serial = 0;

beforeAll(async () => {
  ({ database, config, app } = await startAccountsApp({
    publicUrl: 'http://localhost:3000',
    clock: time.clock,
    content: { ...NO_CONTENT, mailingCategories: seedCategories },
  }));
});
afterAll(async () => {
  await stopAccountsApp({ database, config, app });
});

async function account(role: 'parent' | 'admin' | 'editor' | 'support', verified = true) {
  serial += 1;
  const email = `${role}-${serial}@example.ru`;
  const [user] = await database.db
    .insert(users)
    .values({
      email,
      role,
      name: 'Ирина',
      passwordHash: await hashPassword(PASSWORD),
      emailVerifiedAt: verified ? time.clock() : null,
    })
    .returning({ id: users.id });
  if (!user) throw new Error('no user');
  return { id: user.id, email };
}

const login = (target: FastifyInstance, body: Record<string, unknown>, ip = '10.9.0.1') =>
  target.inject({ method: 'POST', url: '/api/admin/auth/login', payload: body, remoteAddress: ip });

async function staffToken(role: 'admin' | 'editor' | 'support'): Promise<string> {
  const { email } = await account(role);
  const res = await login(app, { email, password: PASSWORD });
  expect(res.statusCode, res.body).toBe(200);
  const token = res.json<{ data: { token: string | null } }>().data.token;
  if (!token) throw new Error('no token');
  return token;
}

describe('staff sign-in', () => {
  it('opens a staff session in the demo; a parent’s right password is refused as wrong', async () => {
    const token = await staffToken('editor');
    const me = await app.inject({ url: '/api/admin/auth/me', headers: bearer(token) });
    expect(me.statusCode).toBe(200);
    expect(me.json<{ data: { role: string } }>().data.role).toBe('editor');

    const parent = await account('parent');
    const res = await login(app, { email: parent.email, password: PASSWORD });
    expect(res.statusCode).toBe(422);
    expect(res.json<{ message: string }>().message).toBe(
      'Неверный адрес электронной почты или пароль',
    );
  });

  it('admits to /admin only a session of the staff sign-in, and of the right role', async () => {
    const staff = await account('support');
    const parentStyle = await createSession({
      db: database.db,
      clock: time.clock,
      userId: staff.id,
    });
    const viaParentLogin = await app.inject({
      url: '/api/admin/dashboard',
      headers: bearer(parentStyle),
    });
    expect(viaParentLogin.statusCode).toBe(403);

    const support = await staffToken('support');
    expect(
      (await app.inject({ url: '/api/admin/dashboard', headers: bearer(support) })).statusCode,
    ).toBe(200);
    expect(
      (await app.inject({ url: '/api/admin/campaigns', headers: bearer(support) })).statusCode,
    ).toBe(403);
    expect(
      (await app.inject({ url: '/api/admin/audit', headers: bearer(support) })).statusCode,
    ).toBe(403);
  });

  it('ends a staff session after an hour without use', async () => {
    const token = await staffToken('admin');
    time.advance(61 * 60_000);
    const res = await app.inject({ url: '/api/admin/auth/me', headers: bearer(token) });
    expect(res.statusCode).toBe(401);
  });

  it('refuses a blocked account with a Russian reason, to whoever knows the password', async () => {
    const staff = await account('admin');
    await database.db.update(users).set({ blockedAt: time.clock() }).where(eq(users.id, staff.id));
    const res = await login(app, { email: staff.email, password: PASSWORD });
    expect(res.statusCode).toBe(403);
    expect(res.json<{ message: string }>().message).toMatch(/закрыт/);
  });
});

describe('the second factor (ADMIN_TOTP=true, as outside the demo)', () => {
  let strict: FastifyInstance;
  beforeAll(async () => {
    strict = await createTestApp({
      db: database.db,
      clock: time.clock,
      config: testConfig({ ADMIN_TOTP: 'true' }),
    });
  });
  afterAll(async () => {
    await strict.close();
  });

  const codeAt = (secret: string, offsetS = 0) => totpCode(time.clock, secret, offsetS);

  it('refuses to hand a secret to whoever knows only the password', async () => {
    const { id, email } = await account('support');
    for (const target of [strict, app]) {
      const res = await login(target, { email, password: PASSWORD });
      if (target === app) {
        // The demo without ADMIN_TOTP lets a password alone in, and still hands out no secret.
        expect(res.json<{ data: { totp_setup: unknown } }>().data.totp_setup).toBeNull();
        continue;
      }
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json<{ code: string }>().code).toBe('second_factor_not_enrolled');
      expect(res.json<{ message: string }>().message).toMatch(/по приглашению/);
      expect(res.body).not.toContain('totp_setup');
    }
    const [row] = await database.db
      .select({ secret: users.totpSecret, enabled: users.totpEnabledAt })
      .from(users)
      .where(eq(users.id, id));
    expect(row).toEqual({ secret: null, enabled: null });
  });

  it('asks an enrolled factor’s code, refuses a wrong one and replays — in the demo too', async () => {
    const { id, email } = await account('admin');
    const secret = await enrolFactor({ db: database.db, clock: time.clock }, id);

    const without = await login(strict, { email, password: PASSWORD });
    expect(without.statusCode).toBe(422);
    expect(without.json<{ code: string }>().code).toBe('second_factor_required');
    // A factor once enrolled is asked where the configuration would let a password do.
    const demo = await login(app, { email, password: PASSWORD });
    expect(demo.statusCode).toBe(422);
    expect(demo.json<{ code: string }>().code).toBe('second_factor_required');

    const wrong = await login(strict, { email, password: PASSWORD, code: '000000' });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json<{ errors: Record<string, string[]> }>().errors.code?.[0]).toMatch(
      /Код не подошёл/,
    );

    const code = await codeAt(secret);
    const ok = await login(strict, { email, password: PASSWORD, code });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json<{ data: { token: string } }>().data.token).toMatch(/^[\w-]{43}$/);

    // The same code twice is refused: a code read over a shoulder does not sign in again.
    const replay = await login(strict, { email, password: PASSWORD, code });
    expect(replay.statusCode).toBe(422);

    time.advance(30_000);
    const next = await login(strict, { email, password: PASSWORD, code: await codeAt(secret) });
    expect(next.statusCode).toBe(200);
  });

  it('one code raced by two sign-ins opens one session', async () => {
    const { id, email } = await account('support');
    const secret = await enrolFactor({ db: database.db, clock: time.clock }, id);
    time.advance(30_000);
    const code = await codeAt(secret);
    const answers = await Promise.all([
      login(strict, { email, password: PASSWORD, code }, '10.9.1.1'),
      login(strict, { email, password: PASSWORD, code }, '10.9.1.2'),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 422]);
  });

  it('stops guessing codes after five wrong ones, from any address', async () => {
    const { id, email } = await account('admin');
    const secret = await enrolFactor({ db: database.db, clock: time.clock }, id);
    for (let i = 0; i < 5; i += 1) {
      const wrong = await login(
        strict,
        { email, password: PASSWORD, code: '000000' },
        `10.9.2.${i}`,
      );
      expect(wrong.statusCode).toBe(422);
    }
    time.advance(30_000);
    const right = await login(
      strict,
      { email, password: PASSWORD, code: await codeAt(secret) },
      '10.9.2.99',
    );
    expect(right.statusCode).toBe(429);
  });
});

describe('lists in the back office', () => {
  it('sort by an unknown or inherited name falls back to the default order', async () => {
    const token = await staffToken('admin');
    for (const sort of ['__proto__', 'constructor', 'no_such_column']) {
      const res = await app.inject({
        url: `/api/admin/campaigns?sort=${sort}&order=ASC`,
        headers: bearer(token),
      });
      expect(res.statusCode, sort).toBe(200);
    }
  });
});

describe('campaigns in the back office', () => {
  it('refuses a campaign in the lesson reminders, which reach parents without advertising consent', async () => {
    const token = await staffToken('editor');
    const [reminders] = await database.db
      .select({ id: mailingCategories.id })
      .from(mailingCategories)
      .where(eq(mailingCategories.slug, 'lesson_reminders'));
    const res = await app.inject({
      method: 'POST',
      url: '/api/admin/campaigns',
      headers: bearer(token),
      payload: { category_id: reminders?.id, subject: 'Скидка', body: 'Скидка 50 % на всё.' },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json<{ errors: Record<string, string[]> }>().errors.category_id?.[0]).toMatch(
      /сама школа/,
    );
    const list = await app.inject({
      url: '/api/admin/mailing-categories?requires_consent=true',
      headers: bearer(token),
    });
    const slugs = list.json<{ data: { slug: string }[] }>().data.map((c) => c.slug);
    expect(slugs).not.toContain('lesson_reminders');
    expect(slugs).toContain('news');
  });

  it('refuses a button without a link, with a Russian message, and writes nothing', async () => {
    const token = await staffToken('editor');
    const [news] = await database.db
      .select({ id: mailingCategories.id })
      .from(mailingCategories)
      .where(eq(mailingCategories.slug, 'news'));
    const res = await app.inject({
      method: 'POST',
      url: '/api/admin/campaigns',
      headers: bearer(token),
      payload: {
        category_id: news?.id,
        subject: 'Новости',
        body: 'Текст письма для родителей.',
        button_label: 'Смотреть',
      },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json<{ errors: Record<string, string[]> }>().errors.button_url?.[0]).toMatch(
      /надпись, и ссылка/,
    );
  });

  it('writes, sends and logs a campaign; the audit log says who did it', async () => {
    const token = await staffToken('admin');
    const reader = await account('parent');
    await database.db.insert(consents).values({
      userId: reader.id,
      kind: 'mailing',
      documentSlug: 'mailing-consent',
      documentVersion: '1',
      ip: '10.0.0.2',
    });
    const [news] = await database.db
      .select({ id: mailingCategories.id })
      .from(mailingCategories)
      .where(eq(mailingCategories.slug, 'news'));
    const created = await app.inject({
      method: 'POST',
      url: '/api/admin/campaigns',
      headers: bearer(token),
      payload: {
        category_id: news?.id,
        subject: 'Зимние уроки',
        body: 'Добавили уроки про зиму.\n\nСмотрите вместе с ребёнком.',
        button_label: 'Смотреть',
        button_url: 'http://localhost:3000/video',
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json<{ data: { id: number; status: string } }>().data.id;

    const sent = await app.inject({
      method: 'POST',
      url: `/api/admin/campaigns/${id}/send`,
      headers: bearer(token),
    });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json<{ data: { status: string; recipients: number } }>().data).toMatchObject({
      status: 'sending',
    });
    const editAfter = await app.inject({
      method: 'PUT',
      url: `/api/admin/campaigns/${id}`,
      headers: bearer(token),
      payload: { category_id: news?.id, subject: 'Другая тема', body: 'Другой текст письма.' },
    });
    expect(editAfter.statusCode).toBe(409);

    const mail = await deliveredMail(
      app,
      { db: database.db, config, clock: time.clock },
      reader.email,
    );
    expect(mail[0]?.subject).toBe('Зимние уроки');

    const log = await app.inject({
      url: `/api/admin/campaigns/${id}/deliveries`,
      headers: bearer(token),
    });
    // An editor reads the same log without the addresses.
    const editorLog = await app.inject({
      url: `/api/admin/campaigns/${id}/deliveries`,
      headers: bearer(await staffToken('editor')),
    });
    const shown = editorLog.json<{ data: { email: string }[] }>().data.map((d) => d.email);
    expect(shown).not.toContain(reader.email);
    expect(shown.every((e) => e.includes('***@'))).toBe(true);
    expect(
      log
        .json<{ data: { email: string; status: string }[] }>()
        .data.find((d) => d.email === reader.email),
    ).toMatchObject({ status: 'sent' });
    const after = await app.inject({ url: `/api/admin/campaigns/${id}`, headers: bearer(token) });
    expect(after.json<{ data: { status: string } }>().data.status).toBe('sent');

    const audit = await database.db
      .select()
      .from(adminAudit)
      .where(eq(adminAudit.recordId, String(id)));
    expect(audit.map((a) => a.action).sort()).toEqual(['create', 'send']);
  });
});

describe('support requests in the back office', () => {
  it('answers a request by mail to its address and marks it answered', async () => {
    const token = await staffToken('support');
    const [request] = await database.db
      .insert(supportRequests)
      .values({
        name: 'Ольга',
        email: 'olga@example.ru',
        message: 'Не открывается урок про осень.',
      })
      .returning({ id: supportRequests.id });
    const list = await app.inject({
      url: '/api/admin/support-requests?status=new&q=olga',
      headers: bearer(token),
    });
    expect(list.json<{ data: { id: number }[] }>().data.map((r) => r.id)).toContain(request?.id);

    const res = await app.inject({
      method: 'POST',
      url: `/api/admin/support-requests/${request?.id}/answer`,
      headers: bearer(token),
      payload: { answer: 'Здравствуйте, Ольга!\nОбновите страницу — урок откроется.' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ data: { status: string } }>().data.status).toBe('answered');
    const [mail] = await deliveredMail(
      app,
      { db: database.db, config, clock: time.clock },
      'olga@example.ru',
    );
    expect(mail?.subject).toBe(`Ответ на обращение №\u00a0${request?.id}`);
    expect(mail?.text).toContain('Обновите страницу — урок откроется.');

    const empty = await app.inject({
      method: 'POST',
      url: `/api/admin/support-requests/${request?.id}/answer`,
      headers: bearer(token),
      payload: { answer: ' ' },
    });
    expect(empty.statusCode).toBe(422);
  });
});
