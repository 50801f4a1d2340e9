// Social sign-in end to end over real HTTP: our API → the sandbox VK ID / Facebook (consent page, code
// exchange, profile) → our callback → /?usertoken=… → a session. The production clients are the code
// under test; nothing of ours is stubbed.
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { isPlaceholderEmail } from '@contract/api/oauth';
import { consents, jobs, oauthStates, socialAccounts, users } from '../../db/schema/index';
import { DEMO_PARENT, seedDatabase } from '../../db/seed/seed';
import { NO_CONTENT, manualClock } from '../../testing/fixtures';
import { createTestApp, testConfig } from '../../testing/test-app';
import { createTestDatabase, type TestDatabase } from '../../testing/test-database';
import { hashPassword } from '../auth/passwords';
import { INVALID_USER_TOKEN } from '../auth/service';
import { sha256 } from '../auth/tokens';
import { ONLY_WAY_IN, ONLY_WAY_IN_DATA, notLinked } from './links';
import { BINDING_COOKIE, USERTOKEN_COOKIE } from './cookies';
import { OAUTH_STATE_TTL_MS, stateHash } from './service';
import { createBrowser, listeningApp, type ListeningApp } from './test-browser';

let database: TestDatabase;
let server: ListeningApp;
let browser: ReturnType<typeof createBrowser>;
const time = manualClock();

beforeAll(async () => {
  database = await createTestDatabase();
  server = await listeningApp({ db: database.db, clock: time.clock });
  browser = createBrowser(server.base);
});

afterAll(async () => {
  await server.app.close();
  await database.close();
});

beforeEach(async () => {
  await database.reset();
  await seedDatabase({ db: database.db, config: testConfig(), content: NO_CONTENT });
  // A new minute: the per-address limits of one test never reach into the next.
  time.advance(61_000);
});

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

async function profile(token: string) {
  const res = await browser.get('/api/profile/show', bearer(token));
  expect(res.status).toBe(200);
  return ((await res.json()) as { data: Record<string, unknown> }).data;
}

async function passwordLogin(email: string, password: string): Promise<string> {
  const res = await fetch(`${server.base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { data: { token: string } }).data.token;
}

const demoLogin = () => passwordLogin(DEMO_PARENT.email, DEMO_PARENT.password);

async function userCount() {
  const [row] = await database.db.select({ n: count() }).from(users);
  return row?.n ?? 0;
}

async function linksOf(userId: number) {
  return database.db
    .select({ provider: socialAccounts.provider, providerUserId: socialAccounts.providerUserId })
    .from(socialAccounts)
    .where(eq(socialAccounts.userId, userId));
}

async function userIdOf(email: string) {
  const [user] = await database.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, email));
  if (!user) throw new Error(`no user ${email}`);
  return user.id;
}

const stateOf = (url: string) => new URL(url).searchParams.get('state') ?? '';
const bindingOf = (b: ReturnType<typeof createBrowser>) => b.cookie(BINDING_COOKIE) ?? '';

describe('VK ID sign-in through the sandbox', () => {
  it('creates a parent on first sign-in and signs the same parent in the next time', async () => {
    const authorizeUrl = await browser.startUrl('vk');
    const url = new URL(authorizeUrl);
    expect(`${url.origin}${url.pathname}`).toBe(`${server.base}/sandbox/oauth/vk/authorize`);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      response_type: 'code',
      client_id: server.config.vk.clientId,
      redirect_uri: `${server.base}/api/auth/vk-oauth/callback`,
      code_challenge_method: 's256',
      scope: 'email',
    });
    expect(url.searchParams.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // Only a hash of the state is kept, together with this browser's binding cookie.
    const binding = bindingOf(browser);
    expect(binding).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const [state] = await database.db.select().from(oauthStates);
    expect(state?.stateHash).toBe(stateHash(stateOf(authorizeUrl), binding));
    expect(state?.stateHash).not.toBe(sha256(stateOf(authorizeUrl)));
    expect(state?.userId).toBeNull();

    const page = await browser.get(authorizeUrl);
    const html = await page.text();
    expect(page.status).toBe(200);
    expect(html).toContain('Мария Тестова');
    expect(html).toContain('Разрешить');
    expect(html).toContain('Отмена');

    const callback = await browser.consent(authorizeUrl, { person: 'maria' });
    const back = new URL(callback);
    expect(`${back.origin}${back.pathname}`).toBe(`${server.base}/api/auth/vk-oauth/callback`);
    expect(back.searchParams.get('state')).toBe(stateOf(authorizeUrl));
    expect(back.searchParams.get('device_id')).toBeTruthy();

    const before = await userCount();
    const location = await browser.redirectOf(callback);
    expect(location).toMatch(/^\/\?usertoken=[A-Za-z0-9_-]{43}$/);
    expect(await userCount()).toBe(before + 1);
    // The state was used up.
    expect(await database.db.select().from(oauthStates)).toEqual([]);

    const token = await browser.exchange(location);
    expect(await profile(token)).toMatchObject({
      email: 'maria.testova@example.ru',
      email_verified: true,
      name: 'Мария',
      surname: 'Тестова',
      social_networks: ['vk'],
      has_password: false,
    });
    const userId = await userIdOf('maria.testova@example.ru');
    const [link] = await database.db
      .select()
      .from(socialAccounts)
      .where(eq(socialAccounts.userId, userId));
    expect(link).toMatchObject({
      provider: 'vk',
      providerUserId: '100001',
      email: 'maria.testova@example.ru',
      name: 'Мария Тестова',
      avatar: `${server.base}/sandbox/oauth/avatars/maria.svg`,
    });
    // Consent to personal-data processing is recorded like the registration checkbox, and a welcome
    // mail is queued.
    const recorded = await database.db.select().from(consents).where(eq(consents.userId, userId));
    expect(recorded).toMatchObject([
      { kind: 'personal_data', documentSlug: 'personal-data-consent', ip: '127.0.0.1' },
    ]);
    const [mail] = await database.db.select({ n: count() }).from(jobs).where(eq(jobs.kind, 'mail'));
    expect(mail?.n).toBe(1);

    // The second time: the same parent, no new account.
    const again = await browser.signIn('vk', { person: 'maria' });
    expect(await userCount()).toBe(before + 1);
    expect((await profile(await browser.exchange(again))).email).toBe('maria.testova@example.ru');
  });

  it('makes an account without an e-mail when the person gives none', async () => {
    const location = await browser.signIn('vk', { person: 'anna' });
    const data = await profile(await browser.exchange(location));
    expect(data).toMatchObject({ name: 'Анна', email_verified: false, has_password: false });
    expect(isPlaceholderEmail(String(data.email))).toBe(true);
    const [mail] = await database.db.select({ n: count() }).from(jobs).where(eq(jobs.kind, 'mail'));
    expect(mail?.n).toBe(0);
  });

  it('never merges into a password account with the same e-mail', async () => {
    await database.db.insert(users).values({
      email: 'maria.testova@example.ru',
      passwordHash: await hashPassword('her-own-password'),
      name: 'Маша',
    });
    const before = await userCount();
    expect(await browser.signIn('vk', { person: 'maria' })).toBe('/?social_error=email_taken');
    expect(await userCount()).toBe(before);
    expect(await database.db.select().from(socialAccounts)).toEqual([]);
  });

  it('sends a refusal back as social_error=denied', async () => {
    expect(await browser.signIn('vk', { decision: 'cancel' })).toBe('/?social_error=denied');
    expect(await browser.signIn('fb', { decision: 'cancel' })).toBe('/?social_error=denied');
    expect(await userCount()).toBe(2);
  });

  it('fails when the code verifier is not the one of the challenge (PKCE checked by VK ID)', async () => {
    const authorizeUrl = await browser.startUrl('vk');
    const callback = await browser.consent(authorizeUrl);
    // Someone who stole the code has no verifier: play that by changing ours.
    await database.db
      .update(oauthStates)
      .set({ codeVerifier: 'x'.repeat(43) })
      .where(eq(oauthStates.stateHash, stateHash(stateOf(authorizeUrl), bindingOf(browser))));
    expect(await browser.redirectOf(callback)).toBe('/?social_error=failed');
    expect(await database.db.select().from(socialAccounts)).toEqual([]);
  });

  it('uses a state once: a replayed callback gets social_error=expired', async () => {
    const callback = await browser.consent(await browser.startUrl('vk'));
    expect(await browser.redirectOf(callback)).toMatch(/^\/\?usertoken=/);
    expect(await browser.redirectOf(callback)).toBe('/?social_error=expired');
  });

  it('finishes once when the same callback arrives twice at the same moment', async () => {
    const callback = await browser.consent(await browser.startUrl('vk'));
    const results = await Promise.all([browser.redirectOf(callback), browser.redirectOf(callback)]);
    expect(results.filter((r) => r.startsWith('/?usertoken=')).length).toBe(1);
    expect(results).toContain('/?social_error=expired');
  });

  it('refuses a forged, missing or expired state', async () => {
    const callback = new URL(await browser.consent(await browser.startUrl('vk')));
    const forged = new URL(callback);
    forged.searchParams.set('state', 'A'.repeat(43));
    expect(await browser.redirectOf(forged.toString())).toBe('/?social_error=expired');
    const missing = new URL(callback);
    missing.searchParams.delete('state');
    expect(await browser.redirectOf(missing.toString())).toBe('/?social_error=expired');
    // A state of the other provider does not open this one.
    const crossed = new URL(callback.toString().replace('/vk-oauth/', '/fb-oauth/'));
    expect(await browser.redirectOf(crossed.toString())).toBe('/?social_error=expired');

    const late = await browser.consent(await browser.startUrl('vk'));
    time.advance(OAUTH_STATE_TTL_MS + 1000);
    expect(await browser.redirectOf(late)).toBe('/?social_error=expired');
    expect(await userCount()).toBe(2);
  });

  it('fails cleanly on a callback without a code or with a forged one', async () => {
    const callback = new URL(await browser.consent(await browser.startUrl('vk')));
    callback.searchParams.set('code', 'forged');
    expect(await browser.redirectOf(callback.toString())).toBe('/?social_error=failed');
    const noCode = new URL(await browser.consent(await browser.startUrl('vk')));
    noCode.searchParams.delete('code');
    expect(await browser.redirectOf(noCode.toString())).toBe('/?social_error=failed');
  });
});

describe('linking from the profile', () => {
  it('links VK to the signed-in parent, who then signs in with it', async () => {
    const token = await demoLogin();
    const authorizeUrl = await browser.startUrl('vk', token);
    const [state] = await database.db.select().from(oauthStates);
    const demoId = await userIdOf(DEMO_PARENT.email);
    expect(state?.userId).toBe(demoId);
    const callback = await browser.consent(authorizeUrl, { person: 'maria' });
    expect(await browser.redirectOf(callback)).toBe('/personal/profile?linked=vk');
    // Linking never touches the account's own e-mail, even though VK gave another one.
    expect(await profile(token)).toMatchObject({
      email: DEMO_PARENT.email,
      social_networks: ['vk'],
      has_password: true,
    });
    const location = await browser.signIn('vk', { person: 'maria' });
    expect((await profile(await browser.exchange(location))).email).toBe(DEMO_PARENT.email);
  });

  it('refuses a social account that belongs to another parent', async () => {
    await browser.exchange(await browser.signIn('vk', { person: 'ivan' }));
    const token = await demoLogin();
    expect(await browser.signIn('vk', { person: 'ivan', token })).toBe(
      '/personal/profile?social_error=linked_elsewhere',
    );
    expect(await linksOf(await userIdOf(DEMO_PARENT.email))).toEqual([]);
  });

  it('sends a refusal during linking back to the profile', async () => {
    const token = await demoLogin();
    expect(await browser.signIn('fb', { token, decision: 'cancel' })).toBe(
      '/personal/profile?social_error=denied',
    );
  });

  it('treats a stale bearer as a plain sign-in', async () => {
    const location = await browser.signIn('vk', { person: 'ivan', token: 'x'.repeat(43) });
    expect(location).toMatch(/^\/\?usertoken=/);
  });
});

describe('bound to the browser that started it (no login or link CSRF)', () => {
  const setCookies = (res: Response) => res.headers.getSetCookie();
  const injectedCookies = (res: { headers: Record<string, unknown> }): string[] => {
    const value = res.headers['set-cookie'];
    if (value === undefined) return [];
    return Array.isArray(value) ? value.map(String) : [String(value)];
  };

  it('sets the binding and usertoken cookies HttpOnly, SameSite=Lax, on narrow paths', async () => {
    const start = await browser.get('/api/auth/vk-oauth');
    const [binding] = setCookies(start);
    expect(binding).toMatch(
      /^oauth_binding=[A-Za-z0-9_-]{43}; Max-Age=600; Path=\/api\/auth; HttpOnly; SameSite=Lax$/,
    );
    // A second start keeps the browser's binding: a double click strands neither sign-in.
    expect(setCookies(await browser.get('/api/auth/vk-oauth'))).toEqual([binding]);
    // On a site served over https the cookies are __Host- ones: Secure, this host only, Path=/.
    const https = await createTestApp({
      db: database.db,
      clock: time.clock,
      config: testConfig({ PUBLIC_URL: 'https://umnyashki.example' }),
    });
    try {
      const res = await https.inject({ url: '/api/auth/vk-oauth' });
      const [hostOnly] = injectedCookies(res);
      expect(hostOnly).toMatch(
        /^__Host-oauth_binding=[A-Za-z0-9_-]{43}; Max-Age=600; Path=\/; HttpOnly; Secure; SameSite=Lax$/,
      );
      // The binding comes back under that name; the plain name (which a subdomain could plant) is not read.
      const binding = hostOnly?.split(';')[0]?.split('=')[1] ?? '';
      const again = await https.inject({
        url: '/api/auth/vk-oauth',
        cookies: { '__Host-oauth_binding': binding },
      });
      expect(injectedCookies(again)).toEqual([hostOnly]);
      const planted = await https.inject({
        url: '/api/auth/vk-oauth',
        cookies: { oauth_binding: binding },
      });
      expect(injectedCookies(planted)[0]).not.toContain(binding);
    } finally {
      await https.close();
    }

    const url = ((await start.json()) as { data: { url: string } }).data.url;
    const callback = await browser.get(await browser.consent(url));
    const location = callback.headers.get('location') ?? '';
    const code = new URL(location, server.base).searchParams.get('usertoken');
    expect(setCookies(callback)).toEqual([
      'oauth_binding=; Max-Age=0; Path=/api/auth; HttpOnly; SameSite=Lax',
      `usertoken=${code}; Max-Age=300; Path=/api/auth/usertoken; HttpOnly; SameSite=Lax`,
    ]);
    expect(browser.cookie(BINDING_COOKIE)).toBeUndefined();
    expect(browser.cookie(USERTOKEN_COOKIE)).toBe(code);
    await browser.exchange(location);
    // Spent: the cookie goes with the code.
    expect(browser.cookie(USERTOKEN_COOKIE)).toBeUndefined();
  });

  it('an attacker’s callback address opened in another browser signs nobody in', async () => {
    const attacker = createBrowser(server.base);
    const victim = createBrowser(server.base);
    // The attacker stops at the provider's redirect back and hands that address to the victim, who
    // may even have a sign-in of their own in flight (and so a binding cookie).
    const callback = await attacker.consent(await attacker.startUrl('vk'), { person: 'ivan' });
    await victim.startUrl('vk');
    const before = await userCount();
    expect(await victim.redirectOf(callback)).toBe('/?social_error=expired');
    expect(await userCount()).toBe(before);
    expect(await database.db.select().from(socialAccounts)).toEqual([]);
  });

  it('an attacker’s /?usertoken= code opened in another browser signs nobody in', async () => {
    const attacker = createBrowser(server.base);
    const victim = createBrowser(server.base);
    const location = await attacker.signIn('vk', { person: 'ivan' });
    const usertoken = new URL(location, server.base).searchParams.get('usertoken');
    // A page of another site can post the code, but the browser has no usertoken cookie to send along.
    const post = await fetch(`${server.base}/api/auth/usertoken`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ usertoken }),
    });
    expect(post.status).toBe(422);
    expect(((await post.json()) as { errors: unknown }).errors).toEqual({
      usertoken: [INVALID_USER_TOKEN],
    });
    await expect(victim.exchange(location)).rejects.toThrow(/usertoken: 422/);
    // The code is not burnt by those attempts: the browser that earned it still signs in.
    expect((await profile(await attacker.exchange(location))).email).toBe(
      'ivan.primerov@example.ru',
    );
  });

  it('an attacker’s link-mode address completed in another browser links nothing', async () => {
    const attacker = createBrowser(server.base);
    const victim = createBrowser(server.base);
    const token = await demoLogin();
    // Signed in as the demo parent, the attacker starts linking VK to their own account…
    const authorizeUrl = await attacker.startUrl('vk', token);
    // …and the victim, signed in at VK as Мария, is lured through it: the provider sends the victim's
    // browser back with a valid state and code, but this browser never started that sign-in.
    const callback = await victim.consent(authorizeUrl, { person: 'maria' });
    expect(await victim.redirectOf(callback)).toBe('/?social_error=expired');
    expect(await linksOf(await userIdOf(DEMO_PARENT.email))).toEqual([]);
    expect(await database.db.select().from(socialAccounts)).toEqual([]);
    // The same with a binding cookie of the victim's own.
    const again = await attacker.startUrl('vk', token);
    await victim.startUrl('vk');
    expect(await victim.redirectOf(await victim.consent(again, { person: 'maria' }))).toBe(
      '/?social_error=expired',
    );
    expect(await database.db.select().from(socialAccounts)).toEqual([]);
    // Only the attacker's own browser could finish it, linking the attacker's own VK account.
    const own = await attacker.startUrl('vk', token);
    expect(await attacker.redirectOf(await attacker.consent(own, { person: 'ivan' }))).toBe(
      '/personal/profile?linked=vk',
    );
  });
});

describe('Facebook sign-in through the sandbox', () => {
  it('signs in with the Graph API profile', async () => {
    const authorizeUrl = await browser.startUrl('fb');
    const url = new URL(authorizeUrl);
    expect(`${url.origin}${url.pathname}`).toBe(`${server.base}/sandbox/oauth/fb/dialog`);
    expect(url.searchParams.get('scope')).toBe('email');
    const callback = await browser.consent(authorizeUrl, { person: 'ivan' });
    const location = await browser.redirectOf(callback);
    expect(await profile(await browser.exchange(location))).toMatchObject({
      email: 'ivan.primerov@example.ru',
      name: 'Иван',
      surname: 'Примеров',
      social_networks: ['fb'],
    });
    const [link] = await database.db.select().from(socialAccounts);
    expect(link).toMatchObject({ provider: 'fb', providerUserId: '10000000000000002' });
  });
});

describe('GET /api/profile/unbind-social-network', () => {
  const unbind = (token: string, network: string) =>
    browser.get(`/api/profile/unbind-social-network?social_network=${network}`, bearer(token));

  it('refuses to remove the only way in, and allows it once there is another', async () => {
    const token = await browser.exchange(await browser.signIn('vk', { person: 'anna' }));
    let res = await unbind(token, 'vk');
    expect(res.status).toBe(422);
    expect(await res.json()).toEqual({
      code: 'validation_failed',
      message: ONLY_WAY_IN,
      errors: { error: [ONLY_WAY_IN] },
    });

    // Link Facebook too: now VK may go, but Facebook then stays as the only way in.
    expect(await browser.signIn('fb', { person: 'anna', token })).toBe(
      '/personal/profile?linked=fb',
    );
    res = await unbind(token, 'vk');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ data: { status: 'ok' } });
    expect((await profile(token)).social_networks).toEqual(['fb']);
    expect((await unbind(token, 'fb')).status).toBe(422);
  });

  it('unbinds freely from an account with a password', async () => {
    const token = await demoLogin();
    await browser.signIn('vk', { person: 'maria', token });
    expect((await unbind(token, 'vk')).status).toBe(200);
    expect((await profile(token)).social_networks).toEqual([]);
    const again = await unbind(token, 'vk');
    expect(again.status).toBe(422);
    expect(((await again.json()) as { errors: unknown }).errors).toEqual({
      social_network: [notLinked('vk')],
    });
    // Signing in with that VK account now makes a new parent rather than entering this one.
    const location = await browser.signIn('vk', { person: 'maria' });
    expect((await profile(await browser.exchange(location))).email).toBe(
      'maria.testova@example.ru',
    );
  });

  it('checks its input and needs a signed-in parent', async () => {
    const token = await demoLogin();
    for (const query of ['social_network=ok', '']) {
      const res = await browser.get(`/api/profile/unbind-social-network?${query}`, bearer(token));
      expect(res.status).toBe(422);
      expect(((await res.json()) as { message: string }).message).toBe(
        'Укажите социальную сеть: vk или fb',
      );
    }
    expect((await browser.get('/api/profile/unbind-social-network?social_network=vk')).status).toBe(
      401,
    );
  });
});

describe('GET /api/profile/deleteSocialData', () => {
  it('erases every link of a parent with a password', async () => {
    const token = await demoLogin();
    await browser.signIn('vk', { person: 'maria', token });
    await browser.signIn('fb', { person: 'maria', token });
    const demoId = await userIdOf(DEMO_PARENT.email);
    expect(await linksOf(demoId)).toHaveLength(2);
    const res = await browser.get('/api/profile/deleteSocialData', bearer(token));
    expect(res.status).toBe(200);
    expect(await linksOf(demoId)).toEqual([]);
    // Nothing to erase is fine too.
    expect((await browser.get('/api/profile/deleteSocialData', bearer(token))).status).toBe(200);
  });

  it('refuses when a social network is the only way in', async () => {
    const token = await browser.exchange(await browser.signIn('vk', { person: 'ivan' }));
    const res = await browser.get('/api/profile/deleteSocialData', bearer(token));
    expect(res.status).toBe(422);
    expect(((await res.json()) as { message: string }).message).toBe(ONLY_WAY_IN_DATA);
    const ivanId = await userIdOf('ivan.primerov@example.ru');
    expect(await linksOf(ivanId)).toHaveLength(1);
    expect((await browser.get('/api/profile/deleteSocialData')).status).toBe(401);
  });
});

describe('the sandbox providers', () => {
  it('burn a code on first use and check PKCE, device and redirect', async () => {
    const authorizeUrl = await browser.startUrl('vk');
    const callback = new URL(await browser.consent(authorizeUrl));
    const token = (form: Record<string, string>) =>
      fetch(`${server.base}/sandbox/oauth/vk/oauth2/auth`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(form).toString(),
      });
    const form = {
      grant_type: 'authorization_code',
      code: callback.searchParams.get('code') ?? '',
      code_verifier: 'y'.repeat(43),
      client_id: server.config.vk.clientId,
      device_id: callback.searchParams.get('device_id') ?? '',
      redirect_uri: `${server.base}/api/auth/vk-oauth/callback`,
      state: stateOf(authorizeUrl),
    };
    const wrongVerifier = await token(form);
    expect(wrongVerifier.status).toBe(400);
    expect(await wrongVerifier.json()).toEqual({
      error: 'invalid_grant',
      error_description: 'code_verifier is invalid',
    });
    const reused = await token(form);
    expect(await reused.json()).toMatchObject({ error_description: 'code is already used' });
  });

  it('show an error page, not a redirect, for an unknown client or a foreign redirect address', async () => {
    const url = new URL(await browser.startUrl('vk'));
    url.searchParams.set('redirect_uri', 'https://evil.example/callback');
    const res = await browser.get(url.toString());
    expect(res.status).toBe(400);
    expect(await res.text()).toContain('redirect_uri');
    const fb = new URL(await browser.startUrl('fb'));
    fb.searchParams.set('client_id', 'someone-else');
    expect((await browser.get(fb.toString())).status).toBe(400);
  });

  it('return an invalid PKCE request to the school as invalid_request', async () => {
    const url = new URL(await browser.startUrl('vk'));
    url.searchParams.delete('code_challenge');
    const location = await browser.redirectOf(url.toString());
    expect(location).toContain('error=invalid_request');
    expect(await browser.redirectOf(location)).toBe('/?social_error=failed');
  });

  it('stay out of the OpenAPI document, where the school’s own routes are', async () => {
    const docs = (await (await browser.get('/api/docs/json')).json()) as {
      paths: Record<string, unknown>;
    };
    const paths = Object.keys(docs.paths);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/api/auth/vk-oauth',
        '/api/auth/fb-oauth/callback',
        '/api/profile/unbind-social-network',
        '/api/auth/fb/data-deletion',
      ]),
    );
    expect(paths.filter((p) => p.startsWith('/sandbox/oauth'))).toEqual([]);
  });

  it('serve the test people’s avatars', async () => {
    const res = await browser.get('/sandbox/oauth/avatars/maria.svg');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('image/svg+xml');
    expect((await browser.get('/sandbox/oauth/avatars/nobody.svg')).status).toBe(404);
  });
});

describe('sandbox rows never pass for sign-in states', () => {
  it('keeps one row per issued code and removes it when redeemed', async () => {
    const authorizeUrl = await browser.startUrl('vk');
    const callback = await browser.consent(authorizeUrl);
    // Our state plus the sandbox's code.
    expect(await database.db.select().from(oauthStates)).toHaveLength(2);
    await browser.redirectOf(callback);
    expect(
      await database.db
        .select()
        .from(oauthStates)
        .where(and(eq(oauthStates.provider, 'vk'))),
    ).toEqual([]);
  });
});
