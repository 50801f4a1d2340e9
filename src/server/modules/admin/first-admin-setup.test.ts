import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEMO, type Config } from '../../config';
import { users } from '../../db/schema/index';
import { NO_CONTENT, manualClock } from '../../testing/fixtures';
import { totpCode } from '../../testing/staff';
import { createTestApp, testConfig } from '../../testing/test-app';
import type { TestDatabase } from '../../testing/test-database';
import { startAccountsApp, stopAccountsApp } from '../../testing/accounts';
import { hashPassword } from '../../shared/passwords';
import { fromServerMachine, newSetupCode, setupCodeLine, setupCodeOf } from './first-admin-setup';

let database: TestDatabase;
let app: FastifyInstance;
/**
 * ADMIN_TOTP=true, as outside the demo, with the code main.ts would have printed. DEMO=true: the implicit
 * demo's own guard would refuse forwarded requests before the sign-in could.
 */
let strict: FastifyInstance;
let config: Config;
const time = manualClock('2026-11-20T09:00:00Z');
const SETUP_CODE = 'K7QM-3XHD-RW9P';
const FIRST = { email: DEMO.adminEmail, password: DEMO.adminPassword };

beforeAll(async () => {
  ({ database, config, app } = await startAccountsApp({
    publicUrl: 'http://localhost:3000',
    clock: time.clock,
    content: NO_CONTENT,
  }));
  strict = await createTestApp({
    db: database.db,
    clock: time.clock,
    config: testConfig({ ADMIN_TOTP: 'true', DEMO: 'true' }),
    setupCode: setupCodeOf(SETUP_CODE),
  });
});
afterAll(async () => {
  await strict.close();
  await stopAccountsApp({ database, config, app });
});
// Every test starts with the first administrator as the seed leaves them: no factor yet. The clock moves
// on past the code-guessing window, which counts per account.
beforeEach(async () => {
  time.advance(16 * 60_000);
  await database.db
    .update(users)
    .set({ totpSecret: null, totpEnabledAt: null, totpLastStep: null })
    .where(eq(users.email, FIRST.email));
});

interface Answer {
  code?: string;
  message?: string;
  errors?: Record<string, string[]>;
  data?: { token: string | null; totp_setup: { secret: string; uri: string } | null };
}

/** A sign-in from another machine (10.8.0.1), or from this one with `local`. */
function login(
  body: Record<string, unknown>,
  options: { local?: boolean; headers?: Record<string, string>; target?: FastifyInstance } = {},
) {
  return (options.target ?? strict).inject({
    method: 'POST',
    url: '/api/admin/auth/login',
    payload: body,
    headers: { host: 'localhost:3000', ...options.headers },
    remoteAddress: options.local ? '127.0.0.1' : '10.8.0.1',
  });
}

async function setupSecret(res: Awaited<ReturnType<typeof login>>): Promise<string> {
  expect(res.statusCode, res.body).toBe(200);
  const setup = res.json<Answer>().data?.totp_setup;
  if (!setup) throw new Error(`no secret in ${res.body}`);
  expect(setup.uri).toMatch(/^otpauth:\/\/totp\//);
  return setup.secret;
}

describe('the first administrator’s first sign-in', () => {
  it('from another machine asks the start-up code, to show the secret and to confirm it', async () => {
    const bare = await login(FIRST);
    expect(bare.statusCode).toBe(422);
    expect(bare.json<Answer>().code).toBe('setup_code_required');
    expect(bare.json<Answer>().errors?.setup_code?.[0]).toMatch(/код из терминала/);
    expect(bare.body).not.toContain('totp_setup');

    const wrong = await login({ ...FIRST, setup_code: 'AAAA-BBBB-CCCC' });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json<Answer>().errors?.setup_code?.[0]).toMatch(/не подошёл/);

    // Typed as read off the terminal: any case, spaces for dashes.
    const typed = 'k7qm 3xhd rw9p';
    const secret = await setupSecret(await login({ ...FIRST, setup_code: typed }));
    const code = await totpCode(time.clock, secret);
    const unproven = await login({ ...FIRST, code });
    expect(unproven.json<Answer>().code).toBe('setup_code_required');

    const done = await login({ ...FIRST, code, setup_code: typed });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json<Answer>().data?.token).toMatch(/^[\w-]{43}$/);

    // Enrolled: the start-up code opens nothing more, the app's next code is asked.
    time.advance(30_000);
    const later = await login({ ...FIRST, setup_code: SETUP_CODE });
    expect(later.json<Answer>().code).toBe('second_factor_required');
    const next = await login({ ...FIRST, code: await totpCode(time.clock, secret) });
    expect(next.statusCode, next.body).toBe(200);
  });

  it('from the machine itself needs no code — but a proxy’s headers or another Host take that away', async () => {
    const carriers: Record<string, string>[] = [
      { 'x-forwarded-for': '203.0.113.9' },
      { host: 'umnyashki.ru' },
    ];
    for (const headers of carriers) {
      const carried = await login(FIRST, { local: true, headers });
      expect(carried.statusCode, JSON.stringify(headers)).toBe(422);
      expect(carried.json<Answer>().code).toBe('setup_code_required');
    }

    const secret = await setupSecret(await login(FIRST, { local: true }));
    const code = await totpCode(time.clock, secret);
    expect((await login({ ...FIRST, code })).json<Answer>().code).toBe('setup_code_required');
    const done = await login({ ...FIRST, code }, { local: true });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json<Answer>().data?.token).toMatch(/^[\w-]{43}$/);
  });

  it('shows a fresh secret each time: one seen before is never the factor', async () => {
    const first = await setupSecret(await login(FIRST, { local: true }));
    const second = await setupSecret(await login(FIRST, { local: true }));
    expect(second).not.toBe(first);
    const stale = await login(
      { ...FIRST, code: await totpCode(time.clock, first) },
      { local: true },
    );
    expect(stale.statusCode).toBe(422);
    expect(stale.json<Answer>().errors?.code?.[0]).toMatch(/Код не подошёл/);
  });

  it('stops guessing the start-up code after five wrong ones', async () => {
    for (let i = 0; i < 5; i += 1) {
      expect((await login({ ...FIRST, setup_code: `WRONG-${i}` })).statusCode).toBe(422);
    }
    expect((await login({ ...FIRST, setup_code: SETUP_CODE })).statusCode).toBe(429);
  });

  it('is the first administrator’s only: another one gets no secret, even at the server', async () => {
    const email = 'second-admin@example.ru';
    await database.db
      .insert(users)
      .values({ email, role: 'admin', passwordHash: await hashPassword('Second-admin-2026') });
    const res = await login(
      { email, password: 'Second-admin-2026', setup_code: SETUP_CODE },
      { local: true },
    );
    expect(res.statusCode).toBe(403);
    expect(res.json<Answer>().code).toBe('second_factor_not_enrolled');
    expect(res.body).not.toContain('totp_setup');

    // The demo without ADMIN_TOTP keeps its password-only sign-in (README's demo administrator).
    const demo = await login(FIRST, { target: app });
    expect(demo.statusCode, demo.body).toBe(200);
    expect(demo.json<Answer>().data?.token).toMatch(/^[\w-]{43}$/);
  });
});

describe('what counts as the server’s own machine', () => {
  const request = (ip: string, headers: Record<string, string> = {}, peer = ip) => ({
    ip,
    headers: { host: 'localhost:3000', ...headers },
    socket: { remoteAddress: peer },
  });
  const direct = { trustProxy: false as const };

  it('is a loopback peer and address, a Host of this machine, no proxy header, no proxy declared', () => {
    expect(fromServerMachine(request('127.0.0.1'), direct)).toBe(true);
    expect(fromServerMachine(request('::1'), direct)).toBe(true);
    expect(fromServerMachine(request('::ffff:127.0.0.1'), direct)).toBe(true);
    expect(fromServerMachine(request('10.0.0.7'), direct)).toBe(false);
    expect(fromServerMachine(request('127.0.0.1', {}, '10.0.0.7'), direct)).toBe(false);
    expect(fromServerMachine(request('127.0.0.1', { forwarded: 'for=1.2.3.4' }), direct)).toBe(
      false,
    );
    expect(fromServerMachine(request('127.0.0.1', { 'x-real-ip': '1.2.3.4' }), direct)).toBe(false);
    // A declared proxy's loopback port serves whoever reaches the proxy.
    expect(fromServerMachine(request('127.0.0.1'), { trustProxy: 1 })).toBe(false);
    expect(fromServerMachine(request('127.0.0.1'), { trustProxy: ['127.0.0.1'] })).toBe(false);
  });
});

describe('the start-up code', () => {
  it('is twelve unambiguous characters in groups, printed as one plain line, spent once used', () => {
    const code = newSetupCode();
    expect(code).toMatch(/^[A-HJKMNP-Z2-9]{4}-[A-HJKMNP-Z2-9]{4}-[A-HJKMNP-Z2-9]{4}$/);
    expect(newSetupCode()).not.toBe(code);
    expect(setupCodeLine(code)).toBe(
      `Код первого входа администратора: ${code} (действует до входа или перезапуска сервера)`,
    );
    const held = setupCodeOf(code);
    expect(held.accepts(code.toLowerCase())).toBe(true);
    expect(held.accepts('')).toBe(false);
    expect(held.accepts(undefined)).toBe(false);
    held.spend();
    expect(held.accepts(code)).toBe(false);
  });
});
