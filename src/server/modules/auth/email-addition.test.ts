// A VK ID account made without an e-mail adds one in the profile: the address becomes the account's only
// once the link mailed to it is followed. Over real HTTP, through the sandbox VK ID (Анна shares no address).
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { jobs } from '../../db/schema/index';
import { DEMO_PARENT, seedDatabase } from '../../db/seed/seed';
import { NO_CONTENT, manualClock } from '../../testing/fixtures';
import { testConfig } from '../../testing/test-app';
import { createTestDatabase, type TestDatabase } from '../../testing/test-database';
import { createBrowser, listeningApp, type ListeningApp } from '../../testing/oauth-browser';
import { PASSWORD_NEEDS_EMAIL } from '../profile/service';
import { ADDED_EMAIL_TAKEN, EMAIL_NOT_ADDABLE } from './email-addition';

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
  time.advance(61 * 60_000);
});

const NEW_ADDRESS = 'anna.new@example.ru';

function call(token: string, path: string, body?: unknown) {
  return fetch(`${server.base}/api/${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

async function profileOf(token: string) {
  const res = await call(token, 'profile/show');
  return ((await res.json()) as { data: { email: string; email_verified: boolean } }).data;
}

/** The link of the last confirmation letter to an address. */
async function linkSentTo(address: string): Promise<string> {
  const mails = await database.db.select().from(jobs).where(eq(jobs.kind, 'mail'));
  const payloads = mails.map(
    (m) => m.payload as { template: string; to: string; data: { url?: string } },
  );
  const letter = payloads.filter((p) => p.template === 'confirmation' && p.to === address).at(-1);
  if (!letter?.data.url) throw new Error(`no confirmation letter to ${address}`);
  return letter.data.url;
}

async function follow(url: string) {
  const token = new URL(url).searchParams.get('verified_token') ?? '';
  return fetch(`${server.base}/api/auth/register/verification?verified_token=${token}`);
}

describe('POST /api/profile/email', () => {
  it('adds an address to a VK account without one once the mailed link is followed', async () => {
    const token = await createBrowser(server.base).signUp('vk', { person: 'anna' });
    // A password is of no use before there is an address to sign in with.
    const early = await call(token, 'profile/password', { password: 'anna-strong-42' });
    expect(early.status).toBe(422);
    expect(((await early.json()) as { message: string }).message).toBe(PASSWORD_NEEDS_EMAIL);

    // A typo first, then the right address: only the latest link works.
    expect((await call(token, 'profile/email', { email: 'anna.typo@example.ru' })).status).toBe(
      200,
    );
    const stale = await linkSentTo('anna.typo@example.ru');
    const res = await call(token, 'profile/email', { email: ' Anna.New@Example.RU ' });
    expect(res.status).toBe(200);
    // Nothing changes before the link is followed.
    expect(await profileOf(token)).toMatchObject({ email_verified: false });
    expect((await profileOf(token)).email).toMatch(/@no-email\.invalid$/);

    expect((await follow(stale)).status).toBe(422);
    const confirmed = await follow(await linkSentTo(NEW_ADDRESS));
    expect(confirmed.status).toBe(200);
    expect(await profileOf(token)).toMatchObject({ email: NEW_ADDRESS, email_verified: true });
    const welcome = await database.db.select().from(jobs).where(eq(jobs.kind, 'mail'));
    expect(welcome.map((m) => m.payload)).toContainEqual({
      template: 'welcome',
      to: NEW_ADDRESS,
      data: { name: 'Анна' },
    });

    // Now the account has an address: adding another is refused, a password may be set.
    const again = await call(token, 'profile/email', { email: 'other@example.ru' });
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({
      code: 'email_not_addable',
      message: EMAIL_NOT_ADDABLE,
      errors: { error: [EMAIL_NOT_ADDABLE] },
    });
    expect((await call(token, 'profile/password', { password: 'anna-strong-42' })).status).toBe(
      200,
    );
  });

  it('refuses an address another account has, and checks the address', async () => {
    const token = await createBrowser(server.base).signUp('vk', { person: 'anna' });
    const taken = await call(token, 'profile/email', { email: DEMO_PARENT.email });
    expect(taken.status).toBe(422);
    expect(await taken.json()).toEqual({
      code: 'email_taken',
      message: ADDED_EMAIL_TAKEN,
      errors: { email: [ADDED_EMAIL_TAKEN] },
    });
    const bad = await call(token, 'profile/email', { email: 'не адрес' });
    expect(bad.status).toBe(422);
    expect(((await bad.json()) as { code: string }).code).toBe('validation_failed');
  });

  it('does not take an address someone registered after the letter was sent', async () => {
    const token = await createBrowser(server.base).signUp('vk', { person: 'anna' });
    await call(token, 'profile/email', { email: NEW_ADDRESS });
    const link = await linkSentTo(NEW_ADDRESS);
    const registered = await fetch(`${server.base}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        email: NEW_ADDRESS,
        password: 'someone-else-42',
        name: 'Ольга',
        consent_personal_data: true,
      }),
    });
    expect(registered.status).toBe(201);
    const res = await follow(link);
    expect(res.status).toBe(422);
    expect(((await res.json()) as { message: string }).message).toBe(ADDED_EMAIL_TAKEN);
    expect((await profileOf(token)).email).toMatch(/@no-email\.invalid$/);
  });

  it('needs a signed-in parent', async () => {
    const res = await fetch(`${server.base}/api/profile/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: NEW_ADDRESS }),
    });
    expect(res.status).toBe(401);
  });
});
