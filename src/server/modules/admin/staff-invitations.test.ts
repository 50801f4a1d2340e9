import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Config } from '../../config';
import { adminAudit, sessions, users } from '../../db/schema/index';
import { buildApp } from '../../app';
import { NO_CONTENT, manualClock } from '../../testing/fixtures';
import { capturingLogger } from '../../testing/log-lines';
import { staffSession, totpCode } from '../../testing/staff';
import { createTestApp, testConfig } from '../../testing/test-app';
import type { TestDatabase } from '../../testing/test-database';
import {
  bearer,
  deliveredMail,
  linkIn,
  startAccountsApp,
  stopAccountsApp,
} from '../../testing/accounts';
import { hashPassword } from '../../shared/passwords';
import { createSession } from '../auth/service';
import { randomToken } from '../auth/tokens';

let database: TestDatabase;
let app: FastifyInstance;
/** As outside the demo: every member of staff signs in with the app's code. */
let strict: FastifyInstance;
let config: Config;
let adminToken: string;
const time = manualClock('2026-11-20T09:00:00Z');
const PUBLIC_URL = 'http://localhost:3000';
const NEW_PASSWORD = 'Podderzhka-2026';
let serial = 0;

beforeAll(async () => {
  ({ database, config, app } = await startAccountsApp({
    publicUrl: PUBLIC_URL,
    clock: time.clock,
    content: NO_CONTENT,
  }));
  strict = await createTestApp({
    db: database.db,
    clock: time.clock,
    config: testConfig({ ADMIN_TOTP: 'true' }),
  });
});
// A staff session ends after an hour without use, and these tests move the clock by a day.
beforeEach(async () => {
  adminToken = await staffSession({ db: database.db, clock: time.clock }, 'admin');
});
afterAll(async () => {
  await strict.close();
  await stopAccountsApp({ database, config, app });
});

const address = (label: string) => {
  serial += 1;
  return `${label}-${serial}@example.ru`;
};

interface Answer {
  code?: string;
  message?: string;
  errors?: Record<string, string[]>;
}

const invite = (body: Record<string, unknown>, token = adminToken) =>
  app.inject({
    method: 'POST',
    url: '/api/admin/staff-invitations',
    headers: bearer(token),
    payload: body,
  });
const open = (token: string) =>
  app.inject({ method: 'POST', url: '/api/admin/invitation/open', payload: { token } });
const accept = (body: Record<string, unknown>) =>
  app.inject({ method: 'POST', url: '/api/admin/invitation/accept', payload: body });
const login = (target: FastifyInstance, body: Record<string, unknown>) =>
  target.inject({
    method: 'POST',
    url: '/api/admin/auth/login',
    payload: body,
    remoteAddress: '10.7.0.1',
  });

/** Invites `email` and returns the token of the link in the letter it got. */
async function invitedLink(email: string, role = 'support', name = 'Ольга'): Promise<string> {
  const res = await invite({ email, name, role });
  expect(res.statusCode, res.body).toBe(201);
  const [letter] = await deliveredMail(app, { db: database.db, config, clock: time.clock }, email);
  expect(letter?.subject).toBe('Приглашение в админку Школы Умняшек');
  const link = linkIn(letter, `${PUBLIC_URL}/admin/invitation#`);
  return link.hash.slice(1);
}

async function secretOf(token: string): Promise<string> {
  const res = await open(token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: { totp: { secret: string } } }>().data.totp.secret;
}

async function accountRow(email: string) {
  const [row] = await database.db
    .select({
      id: users.id,
      role: users.role,
      passwordHash: users.passwordHash,
      totpEnabledAt: users.totpEnabledAt,
      verifiedAt: users.emailVerifiedAt,
    })
    .from(users)
    .where(eq(users.email, email));
  if (!row) throw new Error(`no account ${email}`);
  return row;
}

describe('an invitation', () => {
  it('mails a link that sets the password and the app; the sign-in then asks the app’s code', async () => {
    const email = address('olga');
    const token = await invitedLink(email);
    // Invited is not yet in: the account has no password and no factor.
    expect((await login(strict, { email, password: NEW_PASSWORD })).statusCode).toBe(422);

    const opened = await open(token);
    expect(opened.statusCode, opened.body).toBe(200);
    const page = opened.json<{
      data: {
        email: string;
        role: string;
        set_password: boolean;
        totp: { secret: string; uri: string };
      };
    }>().data;
    expect(page).toMatchObject({ email, role: 'support', set_password: true });
    expect(page.totp.uri).toMatch(/^otpauth:\/\/totp\/.*secret=/);
    // A reloaded page shows the same key: the app scanned once keeps working.
    expect(await secretOf(token)).toBe(page.totp.secret);

    const code = await totpCode(time.clock, page.totp.secret);
    const done = await accept({ token, password: NEW_PASSWORD, code });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json<{ data: { role: string } }>().data.role).toBe('support');
    const row = await accountRow(email);
    expect(row.totpEnabledAt).not.toBeNull();
    expect(row.verifiedAt).not.toBeNull();

    // The link is spent.
    for (const again of [
      await accept({ token, password: NEW_PASSWORD, code }),
      await open(token),
    ]) {
      expect(again.statusCode).toBe(422);
      expect(again.json<Answer>().code).toBe('invitation_invalid');
      expect(again.json<Answer>().message).toMatch(/уже вошли: ссылка одноразовая/);
    }

    const bare = await login(strict, { email, password: NEW_PASSWORD });
    expect(bare.json<Answer>().code).toBe('second_factor_required');
    // The code typed on the page does not sign in again; the app's next one does.
    expect((await login(strict, { email, password: NEW_PASSWORD, code })).statusCode).toBe(422);
    time.advance(30_000);
    const signedIn = await login(strict, {
      email,
      password: NEW_PASSWORD,
      code: await totpCode(time.clock, page.totp.secret),
    });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    const staffToken = signedIn.json<{ data: { token: string } }>().data.token;
    const me = await app.inject({ url: '/api/admin/auth/me', headers: bearer(staffToken) });
    expect(me.json<{ data: { role: string; name: string } }>().data).toMatchObject({
      role: 'support',
      name: 'Ольга',
    });

    const audit = await database.db
      .select({
        action: adminAudit.action,
        actorId: adminAudit.actorId,
        summary: adminAudit.summary,
      })
      .from(adminAudit)
      .where(and(eq(adminAudit.resource, 'users'), eq(adminAudit.recordId, String(row.id))))
      .orderBy(adminAudit.id);
    expect(audit.map((a) => a.action)).toEqual(['invite', 'invite-accepted']);
    expect(audit[1]?.actorId).toBe(row.id);
    expect(JSON.stringify(audit)).not.toContain(token);
  });

  it('says in Russian when a link is past its 24 hours or unknown, and changes nothing', async () => {
    const email = address('late');
    const token = await invitedLink(email);
    const secret = await secretOf(token);
    time.advance(24 * 60 * 60_000 + 1000);
    const late = await accept({
      token,
      password: NEW_PASSWORD,
      code: await totpCode(time.clock, secret),
    });
    expect(late.statusCode).toBe(422);
    expect(late.json<Answer>()).toMatchObject({ code: 'invitation_invalid' });
    expect(late.json<Answer>().message).toMatch(/Срок приглашения истёк/);
    expect((await open(token)).json<Answer>().message).toMatch(/Срок приглашения истёк/);
    expect((await accountRow(email)).passwordHash).toBeNull();

    for (const unknown of [randomToken(), 'не-ссылка']) {
      const res = await open(unknown);
      expect(res.statusCode).toBe(422);
      expect(res.json<Answer>().message).toMatch(/Приглашение не найдено/);
    }
  });

  it('refuses a wrong code and a weak password, keeps the link, and stops guessing at five', async () => {
    const email = address('guess');
    const token = await invitedLink(email);
    const secret = await secretOf(token);

    const weak = await accept({ token, password: '1234', code: '000000' });
    expect(weak.statusCode).toBe(422);
    expect(weak.json<Answer>().errors?.password?.[0]).toMatch(/не короче 8 символов/);
    const noPassword = await accept({ token, code: await totpCode(time.clock, secret) });
    expect(noPassword.json<Answer>().errors?.password?.[0]).toBe(
      'Придумайте пароль для входа в админку',
    );

    for (let i = 0; i < 5; i += 1) {
      const wrong = await accept({ token, password: NEW_PASSWORD, code: '000000' });
      expect(wrong.statusCode).toBe(422);
      expect(wrong.json<Answer>().errors?.code?.[0]).toMatch(/Код не подошёл/);
    }
    const row = await accountRow(email);
    expect(row.passwordHash).toBeNull();
    expect(row.totpEnabledAt).toBeNull();
    const right = await accept({
      token,
      password: NEW_PASSWORD,
      code: await totpCode(time.clock, secret),
    });
    expect(right.statusCode).toBe(429);
  });

  it('sent again, replaces the old link', async () => {
    const email = address('twice');
    const first = await invitedLink(email);
    const second = await invitedLink(email);
    expect(second).not.toBe(first);
    expect((await open(first)).json<Answer>().message).toMatch(/Приглашение не найдено/);
    const secret = await secretOf(second);
    const done = await accept({
      token: second,
      password: NEW_PASSWORD,
      code: await totpCode(time.clock, secret),
    });
    expect(done.statusCode, done.body).toBe(200);
  });

  it('brings a parent in with their own password; the role comes with the acceptance', async () => {
    const email = address('mama');
    const parentPassword = 'Mamin-parol-2026';
    const [parent] = await database.db
      .insert(users)
      .values({ email, name: 'Анна', passwordHash: await hashPassword(parentPassword) })
      .returning({ id: users.id });
    if (!parent) throw new Error('no parent');
    const parentSession = await createSession({
      db: database.db,
      clock: time.clock,
      userId: parent.id,
    });

    const token = await invitedLink(email, 'editor');
    expect((await accountRow(email)).role).toBe('parent');
    const page = (await open(token)).json<{
      data: { set_password: boolean; name: string; totp: { secret: string } };
    }>().data;
    expect(page).toMatchObject({ set_password: false, name: 'Анна' });

    const done = await accept({ token, code: await totpCode(time.clock, page.totp.secret) });
    expect(done.statusCode, done.body).toBe(200);
    expect((await accountRow(email)).role).toBe('editor');
    // What was signed in as a parent ends: the account is now what the invitation made it.
    const left = await database.db
      .select({ id: sessions.id })
      .from(sessions)
      .where(eq(sessions.userId, parent.id));
    expect(left).toEqual([]);
    expect(
      (await app.inject({ url: '/api/profile/show', headers: bearer(parentSession) })).statusCode,
    ).toBe(401);

    time.advance(30_000);
    const signedIn = await login(strict, {
      email,
      password: parentPassword,
      code: await totpCode(time.clock, page.totp.secret),
    });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
  });

  it('is refused for oneself, for staff of another role, and to anyone but the administrator', async () => {
    const editor = await staffSession({ db: database.db, clock: time.clock }, 'editor');
    const byEditor = await invite({ email: address('x'), name: 'Х', role: 'support' }, editor);
    expect(byEditor.statusCode).toBe(403);

    const me = await app.inject({ url: '/api/admin/auth/me', headers: bearer(adminToken) });
    const own = me.json<{ data: { email: string } }>().data.email;
    const self = await invite({ email: own, name: 'Я', role: 'admin' });
    expect(self.statusCode).toBe(422);
    expect(self.json<Answer>().errors?.email?.[0]).toMatch(/Своему аккаунту/);

    const email = address('support');
    await invitedLink(email, 'support');
    const otherRole = await invite({ email, name: 'Ольга', role: 'admin' });
    expect(otherRole.statusCode).toBe(422);
    expect(otherRole.json<Answer>().errors?.role?.[0]).toMatch(/меняют в карточке аккаунта/);

    const bad = await invite({ email: 'не адрес', name: '', role: 'boss' });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json<Answer>().errors ?? {}).sort()).toEqual(['email', 'name', 'role']);
  });
});

describe('the invitation’s secrets in the log', () => {
  it('never write the link, the key, the code, the password or the address', async () => {
    const { logger, lines } = capturingLogger('debug');
    const logged = await buildApp({ config, db: database.db, clock: time.clock, logger });
    try {
      const email = address('quiet');
      const sent = await logged.inject({
        method: 'POST',
        url: '/api/admin/staff-invitations',
        headers: bearer(adminToken),
        payload: { email, name: 'Тихон', role: 'support' },
      });
      expect(sent.statusCode, sent.body).toBe(201);
      const [letter] = await deliveredMail(
        logged,
        { db: database.db, config, clock: time.clock },
        email,
      );
      const token = linkIn(letter, `${PUBLIC_URL}/admin/invitation#`).hash.slice(1);
      const opened = await logged.inject({
        method: 'POST',
        url: '/api/admin/invitation/open',
        payload: { token },
      });
      const secret = opened.json<{ data: { totp: { secret: string } } }>().data.totp.secret;
      const code = await totpCode(time.clock, secret);
      const done = await logged.inject({
        method: 'POST',
        url: '/api/admin/invitation/accept',
        payload: { token, password: NEW_PASSWORD, code },
      });
      expect(done.statusCode, done.body).toBe(200);

      const log = lines.join('\n');
      expect(log).toContain('staff invitation accepted');
      for (const secretText of [token, secret, code, NEW_PASSWORD, email]) {
        expect(log).not.toContain(secretText);
      }
    } finally {
      await logged.close();
    }
  });
});
