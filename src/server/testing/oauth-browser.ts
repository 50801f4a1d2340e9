// Test kit: the app listening on a real port with PUBLIC_URL pointing at it, so the production OAuth
// clients talk HTTP to the sandbox providers, and a tiny "browser" that follows the sign-in by hand,
// keeping cookies as a browser does (the sign-in is bound to the browser that started it).
import { createServer, type AddressInfo } from 'node:net';
import { count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { socialAccounts, users } from '../db/schema/index';
import { DEMO_PARENT, seedDatabase } from '../db/seed/seed';
import type { Clock } from '../deps';
import type { SberbankSandboxOptions } from '../sandbox/sberbank/options';
import { bearer } from './accounts';
import { consentForm } from './html-forms';
import { NO_CONTENT, manualClock } from './fixtures';
import { createTestApp, testConfig } from './test-app';
import { createTestDatabase, type TestDatabase } from './test-database';

export { consentForm };

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

export interface ListeningApp {
  app: FastifyInstance;
  config: Config;
  base: string;
}

export async function listeningApp(options: {
  db: Database;
  clock?: Clock;
  env?: Record<string, string>;
  sberbankSandbox?: SberbankSandboxOptions;
}): Promise<ListeningApp> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const config = testConfig({ PUBLIC_URL: base, ...options.env });
  const app = await createTestApp({
    db: options.db,
    config,
    clock: options.clock,
    sberbankSandbox: options.sberbankSandbox,
  });
  await app.listen({ port, host: '127.0.0.1' });
  return { app, config, base };
}

interface StoredCookie {
  name: string;
  value: string;
  path: string;
}

/**
 * Cookies of one browser for the app's origin (every URL of these tests is on it, the sandboxes too):
 * Path and Max-Age are honoured, as much as the school's cookies need; expiry by time is not.
 */
function cookieJar(base: string) {
  const cookies = new Map<string, StoredCookie>();
  const pathMatches = (path: string, cookiePath: string) =>
    path === cookiePath ||
    path.startsWith(cookiePath.endsWith('/') ? cookiePath : `${cookiePath}/`);
  return {
    /** The Cookie header for a request to `url`; none for another origin. */
    headerFor(url: string): Record<string, string> {
      const target = new URL(url);
      if (target.origin !== new URL(base).origin) return {};
      const pairs = [...cookies.values()]
        .filter((c) => pathMatches(target.pathname, c.path))
        .map((c) => `${c.name}=${c.value}`);
      return pairs.length > 0 ? { cookie: pairs.join('; ') } : {};
    },
    remember(url: string, res: Response): void {
      if (new URL(url).origin !== new URL(base).origin) return;
      for (const line of res.headers.getSetCookie()) {
        const [pair = '', ...attributes] = line.split(';').map((part) => part.trim());
        const eq = pair.indexOf('=');
        if (eq <= 0) continue;
        const cookie = { name: pair.slice(0, eq), value: pair.slice(eq + 1), path: '/' };
        let maxAge: number | undefined;
        for (const attribute of attributes) {
          const [key = '', value = ''] = attribute.split('=');
          if (key.toLowerCase() === 'path') cookie.path = value;
          if (key.toLowerCase() === 'max-age') maxAge = Number(value);
        }
        const key = `${cookie.path} ${cookie.name}`;
        if (maxAge !== undefined && maxAge <= 0) cookies.delete(key);
        else cookies.set(key, cookie);
      }
    },
    value(name: string): string | undefined {
      return [...cookies.values()].find((c) => c.name === name)?.value;
    },
  };
}

export function createBrowser(base: string) {
  const absolute = (url: string) => (url.startsWith('http') ? url : `${base}${url}`);
  const jar = cookieJar(base);
  /** fetch as this browser: its cookies go along, the answer's Set-Cookie is kept; no redirects followed. */
  async function send(
    url: string,
    init: { method?: string; headers?: Record<string, string>; body?: string } = {},
  ): Promise<Response> {
    const target = absolute(url);
    const res = await fetch(target, {
      ...init,
      redirect: 'manual',
      headers: { ...jar.headerFor(target), ...init.headers },
    });
    jar.remember(target, res);
    return res;
  }
  const browser = {
    /** The value of one of this browser's cookies. */
    cookie: (name: string) => jar.value(name),

    async get(url: string, headers: Record<string, string> = {}) {
      return send(url, { headers });
    },

    /** GET that must redirect; the Location as given. */
    async redirectOf(url: string): Promise<string> {
      const res = await browser.get(url);
      if (res.status !== 302) {
        throw new Error(`expected 302 from ${url}, got ${res.status}: ${await res.text()}`);
      }
      return res.headers.get('location') ?? '';
    },

    /** The authorize URL our API hands the SPA. */
    async startUrl(network: 'vk' | 'fb', token?: string): Promise<string> {
      const res = await browser.get(
        `/api/auth/${network}-oauth`,
        token ? { authorization: `Bearer ${token}` } : {},
      );
      if (res.status !== 200)
        throw new Error(`start ${network}: ${res.status} ${await res.text()}`);
      return ((await res.json()) as { data: { url: string } }).data.url;
    },

    /** Opens the provider's consent page and presses a button; gives the redirect to our callback. */
    async consent(
      authorizeUrl: string,
      choice: { person?: string; decision?: 'allow' | 'cancel' } = {},
    ): Promise<string> {
      const page = await browser.get(authorizeUrl);
      const html = await page.text();
      if (page.status !== 200) throw new Error(`consent page: ${page.status} ${html}`);
      const { action, fields } = consentForm(html);
      const res = await send(action, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          ...fields,
          person: choice.person ?? 'maria',
          decision: choice.decision ?? 'allow',
        }).toString(),
      });
      if (res.status !== 302) throw new Error(`consent post: ${res.status} ${await res.text()}`);
      return res.headers.get('location') ?? '';
    },

    /** The whole round: start → consent → callback; gives where the callback sends the browser. */
    async signIn(
      network: 'vk' | 'fb',
      choice: { person?: string; decision?: 'allow' | 'cancel'; token?: string } = {},
    ): Promise<string> {
      const callback = await browser.consent(await browser.startUrl(network, choice.token), choice);
      return browser.redirectOf(callback);
    },

    /** The consent step of a new person's sign-up: POST /api/auth/social-signup as the SPA sends it. */
    async acceptSignup(consents: { mailing?: boolean } = {}): Promise<Response> {
      return send('/api/auth/social-signup', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          consent_personal_data: true,
          ...(consents.mailing === undefined ? {} : { consent_mailing: consents.mailing }),
        }),
      });
    },

    /** A person new to the school: the round to the provider, then the consent accepted; a session token. */
    async signUp(
      network: 'vk' | 'fb',
      choice: { person?: string; mailing?: boolean } = {},
    ): Promise<string> {
      const location = await browser.signIn(network, choice);
      if (location !== `/?social_signup=${network}`) {
        throw new Error(`expected the consent step, got ${location}`);
      }
      const res = await browser.acceptSignup(choice);
      if (res.status !== 201) throw new Error(`social sign-up: ${res.status} ${await res.text()}`);
      return ((await res.json()) as { data: { token: string } }).data.token;
    },

    /** Signs up (consent accepted) or signs in, whichever the school asks for this person. */
    async enter(network: 'vk' | 'fb', choice: { person?: string } = {}): Promise<string> {
      const location = await browser.signIn(network, choice);
      if (location !== `/?social_signup=${network}`) return browser.exchange(location);
      const res = await browser.acceptSignup();
      if (res.status !== 201) throw new Error(`social sign-up: ${res.status} ${await res.text()}`);
      return ((await res.json()) as { data: { token: string } }).data.token;
    },

    /** `/?usertoken=…` → a session token through POST /api/auth/usertoken, as the SPA's guard does. */
    async exchange(location: string): Promise<string> {
      const usertoken = new URL(location, base).searchParams.get('usertoken');
      if (!usertoken) throw new Error(`no usertoken in ${location}`);
      const res = await send('/api/auth/usertoken', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ usertoken }),
      });
      if (res.status !== 200) throw new Error(`usertoken: ${res.status} ${await res.text()}`);
      return ((await res.json()) as { data: { token: string } }).data.token;
    },
  };
  return browser;
}

/**
 * For the social sign-in test files: a listening app on a fresh database, emptied and seeded again before
 * each test (a new minute on the clock, so one test's per-address limits never reach into the next), a
 * browser on it, and what the tests read back. Call at the top of a file.
 */
export function useOAuthBrowser() {
  let started:
    | { database: TestDatabase; server: ListeningApp; browser: ReturnType<typeof createBrowser> }
    | undefined;
  const get = () => {
    if (!started) throw new Error('the OAuth app starts in beforeAll');
    return started;
  };
  const time = manualClock();

  beforeAll(async () => {
    const database = await createTestDatabase();
    const server = await listeningApp({ db: database.db, clock: time.clock });
    started = { database, server, browser: createBrowser(server.base) };
  });

  afterAll(async () => {
    await started?.server.app.close();
    await started?.database.close();
  });

  beforeEach(async () => {
    const { db } = get().database;
    await get().database.reset();
    await seedDatabase({ db, config: testConfig(), content: NO_CONTENT });
    time.advance(61_000);
  });

  async function passwordLogin(email: string, password: string): Promise<string> {
    const res = await fetch(`${get().server.base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password }),
    });
    expect(res.status).toBe(200);
    return ((await res.json()) as { data: { token: string } }).data.token;
  }

  return {
    /** Set in beforeAll: read inside hooks and tests, not at the top of a file. */
    get database() {
      return get().database;
    },
    get server() {
      return get().server;
    },
    get browser() {
      return get().browser;
    },
    time,

    async profile(token: string) {
      const res = await get().browser.get('/api/profile/show', bearer(token));
      expect(res.status).toBe(200);
      return ((await res.json()) as { data: Record<string, unknown> }).data;
    },

    passwordLogin,

    demoLogin: () => passwordLogin(DEMO_PARENT.email, DEMO_PARENT.password),

    async userCount() {
      const [row] = await get().database.db.select({ n: count() }).from(users);
      return row?.n ?? 0;
    },

    async linksOf(userId: number) {
      return get()
        .database.db.select({
          provider: socialAccounts.provider,
          providerUserId: socialAccounts.providerUserId,
        })
        .from(socialAccounts)
        .where(eq(socialAccounts.userId, userId));
    },

    async userIdOf(email: string) {
      const [user] = await get()
        .database.db.select({ id: users.id })
        .from(users)
        .where(eq(users.email, email));
      if (!user) throw new Error(`no user ${email}`);
      return user.id;
    },
  };
}
