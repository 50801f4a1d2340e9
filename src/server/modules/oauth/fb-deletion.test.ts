// Facebook's data-deletion request over real HTTP: what goes depends on what Facebook gave the school.
// An account Facebook sign-in made, with no other way in, goes whole; any other account keeps living
// without the link (and without the name Facebook gave, if the parent never changed it).
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  children,
  fbDeletionRequests,
  sessions,
  socialAccounts,
  users,
} from '../../db/schema/index';
import { DEMO_PARENT, seedDatabase } from '../../db/seed/seed';
import { signRequest } from '../../integrations/oauth/signed-request';
import { NO_CONTENT } from '../../testing/fixtures';
import { testConfig } from '../../testing/test-app';
import { createTestDatabase, type TestDatabase } from '../../testing/test-database';
import { hashPassword } from '../../shared/passwords';
import { DEFAULT_PARENT_NAME } from './signup';
import { createBrowser, listeningApp, type ListeningApp } from '../../testing/oauth-browser';

let database: TestDatabase;
let server: ListeningApp;
let browser: ReturnType<typeof createBrowser>;

beforeAll(async () => {
  database = await createTestDatabase();
  server = await listeningApp({ db: database.db });
  browser = createBrowser(server.base);
});

afterAll(async () => {
  await server.app.close();
  await database.close();
});

beforeEach(async () => {
  await database.reset();
  await seedDatabase({ db: database.db, config: testConfig(), content: NO_CONTENT });
});

const IVAN = { email: 'ivan.primerov@example.ru', fbId: '10000000000000002' };

async function requestDeletion(fbUserId: string): Promise<string> {
  const signed = signRequest(
    { algorithm: 'HMAC-SHA256', issued_at: Math.floor(Date.now() / 1000), user_id: fbUserId },
    server.config.fb.clientSecret,
  );
  const res = await fetch(`${server.base}/api/auth/fb/data-deletion`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ signed_request: signed }).toString(),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { url: string }).url;
}

async function userByEmail(email: string) {
  const [user] = await database.db.select().from(users).where(eq(users.email, email));
  return user;
}

async function linksOf(userId: number) {
  const rows = await database.db
    .select({ provider: socialAccounts.provider })
    .from(socialAccounts)
    .where(eq(socialAccounts.userId, userId));
  return rows.map((r) => r.provider).sort();
}

/** Ivan signs up with Facebook; his session token. */
async function ivanSignsUpWithFacebook(): Promise<string> {
  return browser.signUp('fb', { person: 'ivan' });
}

describe('POST /api/auth/fb/data-deletion', () => {
  it('deletes the whole account Facebook made when Facebook is the only way in', async () => {
    const token = await ivanSignsUpWithFacebook();
    const ivan = await userByEmail(IVAN.email);
    if (!ivan) throw new Error('no account');
    await database.db.insert(children).values({
      userId: ivan.id,
      name: 'Петя',
      birthDate: '2021-05-01',
    });

    const url = await requestDeletion(IVAN.fbId);
    expect(await userByEmail(IVAN.email)).toBeUndefined();
    expect(await database.db.select().from(children)).toEqual([]);
    expect(await database.db.select().from(socialAccounts)).toEqual([]);
    expect(await database.db.select().from(sessions).where(eq(sessions.userId, ivan.id))).toEqual(
      [],
    );
    expect(
      (await browser.get('/api/profile/show', { authorization: `Bearer ${token}` })).status,
    ).toBe(401);
    expect(await database.db.select().from(fbDeletionRequests)).toHaveLength(1);

    // The status page says what may have happened, including this.
    const page = await (await fetch(url)).text();
    expect(page).toContain('удалён весь аккаунт');
    expect(page).not.toContain('подписка при этом сохраняются');
    // Signing in with Facebook again is a new account.
    await ivanSignsUpWithFacebook();
    expect(await userByEmail(IVAN.email)).toMatchObject({ name: 'Иван' });
  });

  it('keeps an account Facebook made once it has a password, without the link and Facebook’s name', async () => {
    await ivanSignsUpWithFacebook();
    const before = await userByEmail(IVAN.email);
    if (!before) throw new Error('no account');
    expect(before).toMatchObject({ name: 'Иван', surname: 'Примеров' });
    await database.db
      .update(users)
      .set({ passwordHash: await hashPassword('his-own-password') })
      .where(eq(users.id, before.id));

    await requestDeletion(IVAN.fbId);
    // The e-mail is his login now and stays; the name and surname Facebook gave go.
    expect(await userByEmail(IVAN.email)).toMatchObject({
      id: before.id,
      name: DEFAULT_PARENT_NAME,
      surname: '',
    });
    expect(await linksOf(before.id)).toEqual([]);
  });

  it('keeps a name the parent changed, and an account with another network', async () => {
    const token = await ivanSignsUpWithFacebook();
    // VK linked from the profile: another way in.
    expect(await browser.signIn('vk', { person: 'ivan', token })).toBe(
      '/personal/profile?linked=vk',
    );
    const ivan = await userByEmail(IVAN.email);
    if (!ivan) throw new Error('no account');
    await database.db.update(users).set({ name: 'Ваня' }).where(eq(users.id, ivan.id));

    await requestDeletion(IVAN.fbId);
    expect(await userByEmail(IVAN.email)).toMatchObject({ name: 'Ваня', surname: '' });
    expect(await linksOf(ivan.id)).toEqual(['vk']);
    // He still gets in with VK.
    const again = await browser.exchange(await browser.signIn('vk', { person: 'ivan' }));
    expect(
      (await browser.get('/api/profile/show', { authorization: `Bearer ${again}` })).status,
    ).toBe(200);
  });

  it('only unlinks Facebook from an account it did not make', async () => {
    const res = await fetch(`${server.base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: DEMO_PARENT.email, password: DEMO_PARENT.password }),
    });
    const { token } = ((await res.json()) as { data: { token: string } }).data;
    expect(await browser.signIn('fb', { person: 'ivan', token })).toBe(
      '/personal/profile?linked=fb',
    );
    const demo = await userByEmail(DEMO_PARENT.email);
    if (!demo) throw new Error('no demo parent');

    await requestDeletion(IVAN.fbId);
    expect(await userByEmail(DEMO_PARENT.email)).toMatchObject({
      name: DEMO_PARENT.name,
      surname: DEMO_PARENT.surname,
    });
    expect(await linksOf(demo.id)).toEqual([]);
  });

  it('keeps an account VK made even when Facebook is its only way in now', async () => {
    // Signed up with VK, linked Facebook, unbound VK: Facebook's request does not erase VK's account.
    const token = await browser.signUp('vk', { person: 'ivan' });
    await browser.signIn('fb', { person: 'ivan', token });
    const unbind = await browser.get('/api/profile/unbind-social-network?social_network=vk', {
      authorization: `Bearer ${token}`,
    });
    expect(unbind.status).toBe(200);
    const ivan = await userByEmail(IVAN.email);
    if (!ivan) throw new Error('no account');

    await requestDeletion(IVAN.fbId);
    expect(await userByEmail(IVAN.email)).toMatchObject({
      id: ivan.id,
      name: 'Иван',
      surname: 'Примеров',
    });
    expect(await linksOf(ivan.id)).toEqual([]);
  });
});
