// Social sign-in end to end over real HTTP: our API → the sandbox VK ID / Facebook (consent page, code
// exchange, profile) → our callback → /?usertoken=… → a session. The production clients are the code
// under test; nothing of ours is stubbed.
import { beforeAll, describe, expect, it } from 'vitest';
import { socialAccounts } from '../../db/schema/index';
import { DEMO_PARENT } from '../../db/seed/seed';
import { createTestApp, testConfig } from '../../testing/test-app';
import type { TestDatabase } from '../../testing/test-database';
import { INVALID_USER_TOKEN } from '../auth/service';
import { BINDING_COOKIE, USERTOKEN_COOKIE } from '../auth/sign-in-cookies';
import { createBrowser, useOAuthBrowser, type ListeningApp } from '../../testing/oauth-browser';

const oauth = useOAuthBrowser();
const { time, profile, demoLogin, userCount, linksOf, userIdOf } = oauth;
let database: TestDatabase;
let server: ListeningApp;
let browser: ReturnType<typeof createBrowser>;
beforeAll(() => {
  ({ database, server, browser } = oauth);
});

describe('bound to the browser that started it (no login or link CSRF)', () => {
  const setCookies = (res: Response) => res.headers.getSetCookie();
  const injectedCookies = (res: { headers: Record<string, unknown> }): string[] => {
    const value = res.headers['set-cookie'];
    if (value === undefined) return [];
    return Array.isArray(value) ? value.map(String) : [String(value)];
  };

  it('sets the binding and usertoken cookies HttpOnly, SameSite=Lax, on narrow paths', async () => {
    // Мария has an account: her callback hands out a usertoken rather than the consent step.
    await browser.signUp('vk', { person: 'maria' });
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
    await attacker.signUp('vk', { person: 'ivan' });
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
