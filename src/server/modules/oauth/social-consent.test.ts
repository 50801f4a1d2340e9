// The consent step of a social sign-up (152-FZ) over real HTTP, through the sandbox VK ID and Facebook:
// no account exists until the person accepts the personal-data consent; an account that exists signs in
// with no step; a refusal, a forged or an expired pending sign-up leave nothing behind.
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { consents, jobs, socialAccounts, socialSignups, users } from '../../db/schema/index';
import { seedDatabase } from '../../db/seed/seed';
import { NO_CONTENT, manualClock } from '../../testing/fixtures';
import { testConfig } from '../../testing/test-app';
import { createTestDatabase, type TestDatabase } from '../../testing/test-database';
import { sweepExpired } from '../auth/service';
import { SIGNUP_COOKIE } from '../auth/sign-in-cookies';
import { SOCIAL_EMAIL_TAKEN, SOCIAL_SIGNUP_EXPIRED, SOCIAL_SIGNUP_TTL_MS } from './signup';
import { createBrowser, listeningApp, type ListeningApp } from '../../testing/oauth-browser';

let database: TestDatabase;
let server: ListeningApp;
const time = manualClock();

beforeAll(async () => {
  database = await createTestDatabase();
  server = await listeningApp({ db: database.db, clock: time.clock });
});

afterAll(async () => {
  await server.app.close();
  await database.close();
});

beforeEach(async () => {
  await database.reset();
  await seedDatabase({ db: database.db, config: testConfig(), content: NO_CONTENT });
  time.advance(61_000);
});

const MARIA = 'maria.testova@example.ru';

async function userCount() {
  const [row] = await database.db.select({ n: count() }).from(users);
  return row?.n ?? 0;
}

async function mariaRows() {
  const [user] = await database.db.select().from(users).where(eq(users.email, MARIA));
  const links = await database.db
    .select()
    .from(socialAccounts)
    .where(eq(socialAccounts.providerUserId, '100001'));
  return { user, links };
}

interface ErrorBody {
  code: string;
  message: string;
  errors: Record<string, string[]>;
}

async function expectExpired(res: Response) {
  expect(res.status).toBe(422);
  expect((await res.json()) as ErrorBody).toEqual({
    code: 'social_signup_expired',
    message: SOCIAL_SIGNUP_EXPIRED,
    errors: { social_signup: [SOCIAL_SIGNUP_EXPIRED] },
  });
}

describe('a person new to the school', () => {
  it('gets the consent step: no account until they accept, then one with both consents recorded', async () => {
    const browser = createBrowser(server.base);
    const before = await userCount();
    const callback = await browser.consent(await browser.startUrl('vk'), { person: 'maria' });
    const res = await browser.get(callback);
    expect(res.headers.get('location')).toBe('/?social_signup=vk');
    // The pending sign-up lives in this browser's HttpOnly cookie, on the consent calls' path only.
    expect(res.headers.getSetCookie()).toContainEqual(
      expect.stringMatching(
        /^social_signup=[A-Za-z0-9_-]{43}; Max-Age=1800; Path=\/api\/auth\/social-signup; HttpOnly; SameSite=Lax$/,
      ),
    );
    expect(await userCount()).toBe(before);
    expect(await mariaRows()).toEqual({ user: undefined, links: [] });

    const shown = await browser.get('/api/auth/social-signup');
    expect(shown.status).toBe(200);
    expect(await shown.json()).toEqual({
      data: { network: 'vk', name: 'Мария', surname: 'Тестова', email: MARIA },
    });
    // Showing it made nothing either.
    expect(await userCount()).toBe(before);

    // The personal-data consent is not optional.
    const refused = await fetch(`${server.base}/api/auth/social-signup`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        cookie: `social_signup=${browser.cookie(SIGNUP_COOKIE)}`,
      },
      body: JSON.stringify({ consent_personal_data: false }),
    });
    expect(refused.status).toBe(422);
    expect(((await refused.json()) as ErrorBody).message).toBe(
      'Без согласия на обработку персональных данных зарегистрироваться нельзя',
    );
    expect(await userCount()).toBe(before);

    const accepted = await browser.acceptSignup({ mailing: true });
    expect(accepted.status).toBe(201);
    const { data } = (await accepted.json()) as { data: { token: string } };
    const me = await browser.get('/api/profile/show', { authorization: `Bearer ${data.token}` });
    expect(((await me.json()) as { data: unknown }).data).toMatchObject({
      email: MARIA,
      social_networks: ['vk'],
      consent_mailing: true,
    });
    const { user } = await mariaRows();
    const recorded = await database.db
      .select()
      .from(consents)
      .where(eq(consents.userId, user?.id ?? 0));
    expect(recorded.map((c) => [c.kind, c.documentSlug, c.ip])).toEqual([
      ['personal_data', 'personal-data-consent', '127.0.0.1'],
      ['mailing', 'mailing-consent', '127.0.0.1'],
    ]);
    // Spent: the cookie went, and the pending row with it.
    expect(browser.cookie(SIGNUP_COOKIE)).toBeUndefined();
    expect(await database.db.select().from(socialSignups)).toEqual([]);
  });

  it('refusing leaves nothing behind: no account, no link, no mail, no pending row', async () => {
    const browser = createBrowser(server.base);
    const before = await userCount();
    expect(await browser.signIn('fb', { person: 'ivan' })).toBe('/?social_signup=fb');
    expect(await database.db.select().from(socialSignups)).toHaveLength(1);

    const cancel = await browser.get('/api/auth/social-signup/cancel');
    expect(cancel.status).toBe(404);
    const res = await fetch(`${server.base}/api/auth/social-signup/cancel`, {
      method: 'POST',
      headers: { cookie: `social_signup=${browser.cookie(SIGNUP_COOKIE)}` },
    });
    expect(res.status).toBe(200);
    expect(await database.db.select().from(socialSignups)).toEqual([]);
    expect(await userCount()).toBe(before);
    expect(await database.db.select().from(socialAccounts)).toEqual([]);
    const [mail] = await database.db.select({ n: count() }).from(jobs).where(eq(jobs.kind, 'mail'));
    expect(mail?.n).toBe(0);
    // Accepting afterwards finds nothing to accept.
    await expectExpired(await browser.acceptSignup());
  });

  it('an account that exists signs in with no consent step', async () => {
    const browser = createBrowser(server.base);
    await browser.signUp('vk', { person: 'maria' });
    const location = await browser.signIn('vk', { person: 'maria' });
    expect(location).toMatch(/^\/\?usertoken=[A-Za-z0-9_-]{43}$/);
    expect(browser.cookie(SIGNUP_COOKIE)).toBeUndefined();
    expect(await database.db.select().from(socialSignups)).toEqual([]);
    await browser.exchange(location);
  });
});

describe('a pending sign-up that is not this browser’s live one', () => {
  it('refuses a forged, missing or another browser’s pending sign-up in Russian, with a code', async () => {
    const owner = createBrowser(server.base);
    expect(await owner.signIn('vk', { person: 'anna' })).toBe('/?social_signup=vk');
    const stranger = createBrowser(server.base);
    // No cookie at all.
    await expectExpired(await stranger.get('/api/auth/social-signup'));
    await expectExpired(await stranger.acceptSignup());
    // A forged one, and one of the wrong shape.
    for (const forged of ['A'.repeat(43), 'short', '%00']) {
      const res = await fetch(`${server.base}/api/auth/social-signup`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: `social_signup=${forged}` },
        body: JSON.stringify({ consent_personal_data: true }),
      });
      await expectExpired(res);
    }
    expect(await userCount()).toBe(2);
    // The owner's own step still works.
    expect((await owner.acceptSignup()).status).toBe(201);
    expect(await userCount()).toBe(3);
  });

  it('refuses an expired one, which the sweep then removes', async () => {
    const browser = createBrowser(server.base);
    expect(await browser.signIn('vk', { person: 'maria' })).toBe('/?social_signup=vk');
    time.advance(SOCIAL_SIGNUP_TTL_MS + 1000);
    await expectExpired(await browser.get('/api/auth/social-signup'));
    const before = await userCount();
    await expectExpired(await browser.acceptSignup());
    expect(await userCount()).toBe(before);

    expect(await browser.signIn('fb', { person: 'ivan' })).toBe('/?social_signup=fb');
    time.advance(SOCIAL_SIGNUP_TTL_MS + 1000);
    await sweepExpired({ db: database.db, clock: time.clock });
    expect(await database.db.select().from(socialSignups)).toEqual([]);
  });

  it('makes one account when «Принимаю» is pressed twice at once', async () => {
    const browser = createBrowser(server.base);
    await browser.signIn('vk', { person: 'ivan' });
    const before = await userCount();
    const answers = await Promise.all([browser.acceptSignup(), browser.acceptSignup()]);
    expect(answers.map((r) => r.status).sort()).toEqual([201, 422]);
    expect(await userCount()).toBe(before + 1);
  });

  it('says the address is taken when it was registered while the consent was read', async () => {
    const browser = createBrowser(server.base);
    expect(await browser.signIn('vk', { person: 'maria' })).toBe('/?social_signup=vk');
    await database.db.insert(users).values({ email: MARIA, name: 'Маша' });
    const res = await browser.acceptSignup();
    expect(res.status).toBe(422);
    expect((await res.json()) as ErrorBody).toEqual({
      code: 'email_taken',
      message: SOCIAL_EMAIL_TAKEN,
      errors: { email: [SOCIAL_EMAIL_TAKEN] },
    });
    expect(await database.db.select().from(socialAccounts)).toEqual([]);
  });
});
