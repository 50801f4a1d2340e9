// Social sign-up with what a real provider may send and the sandbox's test people never do: a stand-in VK ID
// on its own port, spoken to over HTTP by the production client, gives a 120-character first name.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs, users } from '../../db/schema/index';
import { seedDatabase } from '../../db/seed/seed';
import { NO_CONTENT } from '../../testing/fixtures';
import { testConfig } from '../../testing/test-app';
import { createTestDatabase, type TestDatabase } from '../../testing/test-database';
import { NAME_MAX_LENGTH } from './signup';
import { createBrowser, listeningApp, type ListeningApp } from '../../testing/oauth-browser';

const LONG_FIRST_NAME = 'Александра'.repeat(12);
const EMAIL = 'long.name@example.ru';

async function readBody(request: IncomingMessage): Promise<URLSearchParams> {
  let body = '';
  for await (const chunk of request) body += String(chunk);
  return new URLSearchParams(body);
}

function json(response: ServerResponse, body: unknown): void {
  response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

/** VK ID as src/server/integrations/oauth/README.md has it, minus every check: consent is given at once. */
function fakeVkId(): Server {
  return createServer((request, response) => {
    void (async () => {
      const url = new URL(request.url ?? '/', 'http://vk.invalid');
      if (url.pathname === '/authorize') {
        const back = new URL(url.searchParams.get('redirect_uri') ?? '');
        back.searchParams.set('code', 'fake-code');
        back.searchParams.set('state', url.searchParams.get('state') ?? '');
        back.searchParams.set('device_id', 'fake-device');
        response.writeHead(302, { location: back.toString() }).end();
      } else if (url.pathname === '/oauth2/auth') {
        const form = await readBody(request);
        json(response, { access_token: 'fake-access', user_id: 777, state: form.get('state') });
      } else if (url.pathname === '/oauth2/user_info') {
        json(response, {
          user: { user_id: 777, first_name: LONG_FIRST_NAME, last_name: 'Тестова', email: EMAIL },
        });
      } else {
        response.writeHead(404).end();
      }
    })();
  });
}

let database: TestDatabase;
let vk: Server;
let server: ListeningApp;

beforeAll(async () => {
  database = await createTestDatabase();
  await seedDatabase({ db: database.db, config: testConfig(), content: NO_CONTENT });
  vk = fakeVkId();
  await new Promise<void>((resolve) => vk.listen(0, '127.0.0.1', resolve));
  const { port } = vk.address() as AddressInfo;
  server = await listeningApp({
    db: database.db,
    env: { VK_ID_URL: `http://127.0.0.1:${port}` },
  });
});

afterAll(async () => {
  await server.app.close();
  await new Promise<void>((resolve) => vk.close(() => resolve()));
  await database.close();
});

describe('social sign-up with a long name from the provider', () => {
  it('signs up after the consent step, keeping 50 characters of the name in the account and the welcome mail', async () => {
    expect(LONG_FIRST_NAME).toHaveLength(120);
    const browser = createBrowser(server.base);
    const callback = await browser.redirectOf(await browser.startUrl('vk'));
    expect(await browser.redirectOf(callback)).toBe('/?social_signup=vk');
    // The consent step shows the name as the account will have it.
    const shown = await browser.get('/api/auth/social-signup');
    expect(((await shown.json()) as { data: { name: string } }).data.name).toBe(
      LONG_FIRST_NAME.slice(0, NAME_MAX_LENGTH),
    );
    expect((await browser.acceptSignup()).status).toBe(201);

    const name = LONG_FIRST_NAME.slice(0, NAME_MAX_LENGTH);
    const [user] = await database.db.select().from(users).where(eq(users.email, EMAIL));
    expect(user?.name).toBe(name);
    const mails = await database.db.select().from(jobs).where(eq(jobs.kind, 'mail'));
    expect(mails.map((job) => job.payload)).toEqual([
      { template: 'welcome', to: EMAIL, data: { name } },
    ]);
  });
});
