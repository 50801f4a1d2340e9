// Helpers the account tests share: the school's app on a seeded database, a local stand-in for Google's
// siteverify (and an app that asks it), and the mail outbox as a parent reads it (the jobs run, then the
// sandbox's JSON).
import { eq } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import type { RegisterBody } from '@contract/api/auth';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { users } from '../db/schema/index';
import type { SeedContent } from '../db/seed/content';
import { seedDatabase } from '../db/seed/seed';
import type { Clock } from '../deps';
import { runDueJobs } from '../jobs/runner';
import { NO_CONTENT, manualClock } from './fixtures';
import { createTestApp, testConfig } from './test-app';
import { createTestDatabase, type TestDatabase } from './test-database';

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

export interface AccountsApp {
  database: TestDatabase;
  config: Config;
  app: FastifyInstance;
}

/** A migrated database seeded with `content`, and the school's app on it at `publicUrl`. */
export async function startAccountsApp(options: {
  publicUrl: string;
  clock: Clock;
  content?: SeedContent;
}): Promise<AccountsApp> {
  const database = await createTestDatabase();
  const config = testConfig({ PUBLIC_URL: options.publicUrl });
  await seedDatabase({ db: database.db, config, content: options.content ?? NO_CONTENT });
  const app = await createTestApp({ db: database.db, config, clock: options.clock });
  return { database, config, app };
}

export async function stopAccountsApp({ app, database }: AccountsApp): Promise<void> {
  await app.close();
  await database.close();
}

/** A siteverify speaking src/server/integrations/captcha/README.md: tokens are `human:<action>`, `bot:<action>` or anything else. */
export async function fakeSiteverify(
  secret: string,
): Promise<{ url: string; server: FastifyInstance; seen: Record<string, string>[] }> {
  const seen: Record<string, string>[] = [];
  const server = Fastify();
  server.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_req, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );
  server.post('/siteverify', async (request) => {
    const form = request.body as Record<string, string>;
    seen.push(form);
    if (form.secret !== secret) return { success: false, 'error-codes': ['invalid-input-secret'] };
    const [kind, action] = (form.response ?? '').split(':');
    if (kind === 'human') return { success: true, score: 0.9, action };
    if (kind === 'bot') return { success: true, score: 0.1, action };
    return { success: false, 'error-codes': ['invalid-input-response'] };
  });
  const url = await server.listen({ port: 0, host: '127.0.0.1' });
  return { url: `${url}/siteverify`, server, seen };
}

export type Siteverify = Awaited<ReturnType<typeof fakeSiteverify>>;

/**
 * For a describe block: a fake siteverify knowing `secret`, and an app of the school with reCAPTCHA on
 * that asks it. `setup` is read in beforeAll, once the file's own app and database exist.
 */
export function recaptchaGuardedApp(
  secret: string,
  setup: () => { db: Database; clock: Clock; env: Record<string, string> },
): { readonly app: FastifyInstance; readonly siteverify: Siteverify } {
  let started: { app: FastifyInstance; siteverify: Siteverify } | undefined;
  const get = () => {
    if (!started) throw new Error('the reCAPTCHA app is not started yet');
    return started;
  };

  beforeAll(async () => {
    const { db, clock, env } = setup();
    const siteverify = await fakeSiteverify(secret);
    const app = await createTestApp({
      db,
      clock,
      config: testConfig({
        RECAPTCHA_SITE_KEY: 'site',
        RECAPTCHA_SECRET: secret,
        RECAPTCHA_VERIFY_URL: siteverify.url,
        ...env,
      }),
    });
    started = { app, siteverify };
  });

  afterAll(async () => {
    if (!started) return;
    await started.app.close();
    await started.siteverify.server.close();
  });

  return {
    get app() {
      return get().app;
    },
    get siteverify() {
      return get().siteverify;
    },
  };
}

export interface OutboxMessage {
  id: number;
  to: string;
  subject: string;
  html: string;
  text: string;
  template: string;
  links: string[];
}

/** Sends what is queued, then lists the mail to `to`, newest first. */
export async function deliveredMail(
  app: FastifyInstance,
  deps: { db: Database; config: Config; clock?: Clock },
  to: string,
): Promise<OutboxMessage[]> {
  await runDueJobs(deps);
  const res = await app.inject({ url: `/sandbox/mail/api/messages?to=${encodeURIComponent(to)}` });
  if (res.statusCode !== 200) throw new Error(`outbox answered ${res.statusCode}`);
  return (res.json() as { data: OutboxMessage[] }).data;
}

/** The link of a mail that starts with `prefix` (PUBLIC_URL + path), parsed. */
export function linkIn(message: OutboxMessage | undefined, prefix: string): URL {
  const href = message?.links.find((l) => l.startsWith(prefix));
  if (!href) throw new Error(`no link starting with ${prefix} in ${message?.subject ?? 'no mail'}`);
  return new URL(href);
}

export const REGISTRATION_PUBLIC_URL = 'https://school.example';

/**
 * For the registration test files: the school's app with a personal-data consent page (version 2.3) at
 * REGISTRATION_PUBLIC_URL on a manual clock, and sign-ups as a browser sends them. Every test registers
 * from its own address, so the per-address limit bites only where a test wants it.
 */
export function useRegistrationApp() {
  let started: AccountsApp | undefined;
  const get = () => {
    if (!started) throw new Error('the registration app starts in beforeAll');
    return started;
  };
  const time = manualClock();
  let address = 0;
  let serial = 0;

  beforeAll(async () => {
    started = await startAccountsApp({
      publicUrl: REGISTRATION_PUBLIC_URL,
      clock: time.clock,
      content: {
        ...NO_CONTENT,
        pages: [
          {
            slug: 'personal-data-consent',
            title: 'Согласие',
            body_html: '<p>Текст</p>',
            version: '2.3',
          },
        ],
      },
    });
  });

  afterAll(async () => {
    if (started) await stopAccountsApp(started);
  });

  beforeEach(() => {
    address += 1;
  });
  const from = () => `203.0.113.${address}`;
  const freshEmail = () => `parent-${(serial += 1)}@example.ru`;

  return {
    /** Set in beforeAll: read inside hooks and tests, not at the top of a file. */
    get database() {
      return get().database;
    },
    get app() {
      return get().app;
    },
    get config() {
      return get().config;
    },
    /** This test's own number: each test signs up from its own address (see `from`). */
    get address() {
      return address;
    },
    time,
    from,
    freshEmail,
    body(overrides: Partial<Record<keyof RegisterBody, unknown>> = {}) {
      return {
        email: freshEmail(),
        password: 'ромашка-2024',
        name: 'Мария',
        consent_personal_data: true,
        ...overrides,
      };
    },
    register(
      payload: Record<string, unknown>,
      options: {
        query?: string;
        headers?: Record<string, string>;
        app?: FastifyInstance;
        remoteAddress?: string;
      } = {},
    ) {
      return (options.app ?? get().app).inject({
        method: 'POST',
        url: `/api/auth/register${options.query ? `?${options.query}` : ''}`,
        payload,
        headers: { 'user-agent': 'Vitest/4 (parent browser)', ...options.headers },
        remoteAddress: options.remoteAddress ?? from(),
      });
    },
    async userByEmail(email: string) {
      const [user] = await get().database.db.select().from(users).where(eq(users.email, email));
      if (!user) throw new Error(`${email} not registered`);
      return user;
    },
    deps: () => ({ db: get().database.db, config: get().config, clock: time.clock }),
  };
}
