// A rolling restart of a real cluster (two workers of `npm run start:cluster` on PostgreSQL and Redis)
// under steady load of reads, sign-ins and purchases: `npm run reload` replaces every worker, and not one
// request fails or is refused on the way.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../scripts/bench-processes';
import { DEMO_PARENT } from './db/seed/seed';
import { createTestDatabase, type TestDatabase } from './testing/test-database';

const DATABASE_URL = process.env.TEST_DATABASE_URL;
const REDIS_URL = process.env.TEST_REDIS_URL ?? '';
const READY_LINE = 'Школа Умняшек:';

describe.skipIf(!DATABASE_URL || !REDIS_URL)('a rolling restart under load', () => {
  let database: TestDatabase;
  let child: ChildProcess;
  let dataDir: string;
  let base: string;
  let output = '';
  const env: Record<string, string> = {};

  const seen = (text: string) => output.split(text).length - 1;
  async function until(done: () => boolean, what: string, ms = 120_000) {
    const deadline = Date.now() + ms;
    while (!done()) {
      if (child.exitCode !== null) throw new Error(`the cluster exited:\n${output.slice(-3000)}`);
      if (Date.now() > deadline) throw new Error(`${what} did not happen:\n${output.slice(-3000)}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  beforeAll(async () => {
    database = await createTestDatabase();
    // Limits in the shared Redis are kept by account id: ids of this run's own, not those of an earlier one.
    const offset = 1_000_000 + Math.floor(Math.random() * 1_000_000_000);
    await database.db.execute(sql`select setval('users_id_seq', ${offset})`);
    dataDir = mkdtempSync(join(tmpdir(), 'school-roll-'));
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    Object.assign(env, {
      ...process.env,
      NODE_ENV: 'development',
      DATABASE_URL: database.url ?? '',
      REDIS_URL,
      INSTANCES: '2',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: base,
      DATA_DIR: dataDir,
      TRANSCODE_CONCURRENCY: '0',
      // Each sign-in comes from an address of its own, as parents do, not from one busy address.
      TRUST_PROXY: '127.0.0.1',
      DEMO: 'true',
      ADMIN_PASSWORD: 'Rolling-restart-admin-password-42',
      LOG_LEVEL: 'info',
    });
    child = spawn(process.execPath, ['--import', 'tsx', 'src/server/cluster.ts'], {
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const keep = (chunk: Buffer) => {
      output += chunk.toString();
    };
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    await until(() => seen(READY_LINE) >= 2, 'the cluster’s start', 180_000);
  }, 200_000);

  afterAll(async () => {
    if (child && child.exitCode === null) {
      const gone = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await gone;
    }
    rmSync(dataDir, { recursive: true, force: true });
    await database?.close();
  }, 60_000);

  it('replaces both workers while every request is answered', async () => {
    let stop = false;
    const failures: string[] = [];
    let answered = 0;
    let address = 0;
    let bought = 0;
    const call = async (path: string, init: RequestInit, expected: number) => {
      try {
        const res = await fetch(`${base}${path}`, init);
        await res.arrayBuffer();
        if (res.status === expected) answered += 1;
        else failures.push(`${init.method ?? 'GET'} ${path}: ${res.status}`);
        return res;
      } catch (error) {
        const cause = error instanceof Error ? String(error.cause ?? '') : '';
        failures.push(`${init.method ?? 'GET'} ${path}: ${String(error)} ${cause}`);
        return null;
      }
    };
    const register = async () => {
      address += 1;
      const res = await fetch(`${base}/api/auth/register`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-forwarded-for': `198.20.${(address >> 8) & 255}.${address & 255}`,
        },
        body: JSON.stringify({
          email: `roll-${address}-${Date.now()}@example.ru`,
          password: 'пароль-для-проверки-1',
          name: 'Анна',
          consent_personal_data: true,
        }),
      });
      if (res.status !== 201) throw new Error(`registration: ${res.status} ${await res.text()}`);
      return ((await res.json()) as { data: { token: string } }).data.token;
    };
    // Purchases are limited per family (30 in 10 minutes): a few families buy in turn, at a parent's pace.
    const tokens = [await register(), await register(), await register(), await register()];
    const tariffs = (await (await fetch(`${base}/api/store/web/subscriptions`)).json()) as {
      data: { id: number; is_free: boolean }[];
    };
    const paid = tariffs.data.find((t) => !t.is_free);
    if (!paid) throw new Error('no tariff to buy');

    const loop = async (kind: number) => {
      while (!stop) {
        if (kind === 0) await call('/api/public-config', {}, 200);
        else if (kind === 1) {
          address += 1;
          await call(
            '/api/auth/login',
            {
              method: 'POST',
              headers: {
                'content-type': 'application/json',
                'x-forwarded-for': `198.19.${(address >> 8) & 255}.${address & 255}`,
              },
              body: JSON.stringify({ email: DEMO_PARENT.email, password: DEMO_PARENT.password }),
            },
            200,
          );
        } else {
          bought += 1;
          const token = tokens[bought % tokens.length] ?? '';
          await call(
            '/api/store/purchase-initialization',
            {
              method: 'POST',
              headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
              body: JSON.stringify({ type: 'subscription', ids: [paid.id] }),
            },
            200,
          );
          await new Promise((resolve) => setTimeout(resolve, 500));
        }
      }
    };
    const loops = [0, 0, 1, 2].map((kind) => loop(kind));
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    const before = answered;

    const reload = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/reload.ts'], {
      env,
      encoding: 'utf8',
    });
    expect(reload.status, reload.stderr).toBe(0);
    expect(reload.stdout).toContain('Rolling restart');
    await until(() => output.includes('rolling restart done'), 'the rolling restart');
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    stop = true;
    await Promise.all(loops);

    expect(failures).toEqual([]);
    expect(before).toBeGreaterThan(10);
    expect(answered).toBeGreaterThan(before * 2);
    // Two new workers started (their ready lines), the old two stopped cleanly.
    expect(seen(READY_LINE)).toBe(4);
    expect(seen('"msg":"stopped"')).toBe(2);
  }, 240_000);
});
