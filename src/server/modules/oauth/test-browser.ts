// Test kit: the app listening on a real port with PUBLIC_URL pointing at it, so the production OAuth
// clients talk HTTP to the sandbox providers, and a tiny "browser" that follows the sign-in by hand.
import { createServer, type AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import type { Clock } from '../../deps';
import { createTestApp, testConfig } from '../../testing/test-app';

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
}): Promise<ListeningApp> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const config = testConfig({ PUBLIC_URL: base, ...options.env });
  const app = await createTestApp({ db: options.db, config, clock: options.clock });
  await app.listen({ port, host: '127.0.0.1' });
  return { app, config, base };
}

const ENTITIES: Record<string, string> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&#39;': "'",
};
const unescape = (s: string) => s.replace(/&(amp|lt|gt|quot|#39);/g, (e) => ENTITIES[e] ?? e);

/** The consent form of a sandbox page: where it posts and its hidden fields. */
export function consentForm(page: string): { action: string; fields: Record<string, string> } {
  const action = /<form method="post" action="([^"]+)"/.exec(page)?.[1];
  if (!action) throw new Error('no consent form on the page');
  const fields: Record<string, string> = {};
  for (const [, name, value] of page.matchAll(
    /<input type="hidden" name="([^"]+)" value="([^"]*)"\s*\/?>/g,
  )) {
    if (name !== undefined && value !== undefined) fields[unescape(name)] = unescape(value);
  }
  return { action: unescape(action), fields };
}

export function createBrowser(base: string) {
  const absolute = (url: string) => (url.startsWith('http') ? url : `${base}${url}`);
  const browser = {
    async get(url: string, headers: Record<string, string> = {}) {
      return fetch(absolute(url), { redirect: 'manual', headers });
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
      const res = await fetch(action, {
        method: 'POST',
        redirect: 'manual',
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

    /** `/?usertoken=…` → a session token through POST /api/auth/usertoken, as the SPA's guard does. */
    async exchange(location: string): Promise<string> {
      const usertoken = new URL(location, base).searchParams.get('usertoken');
      if (!usertoken) throw new Error(`no usertoken in ${location}`);
      const res = await fetch(`${base}/api/auth/usertoken`, {
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
