// The app on PostgreSQL reached through a TCP proxy the test controls: the database goes down, freezes,
// comes back, has its sessions killed, and the API answers 503 quickly meanwhile and 200 afterwards,
// without a restart and without a transaction surviving its request.
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle, type PostgresTimeouts } from '../db/client';
import { jobs, users } from '../db/schema/index';
import { isDatabaseUnavailable } from '../db/unavailable';
import { enqueue } from '../jobs/queue';
import { runDueJobs } from '../jobs/runner';
import { startJobWorker } from '../jobs/worker';
import { manualClock } from '../testing/fixtures';
import { startTcpProxy, type TcpProxy } from '../testing/tcp-proxy';
import { createTestApp, testConfig } from '../testing/test-app';
import { createTestDatabase, type TestDatabase } from '../testing/test-database';

/** The production timeouts, shrunk so an outage is over in about a second. */
const TIMEOUTS: PostgresTimeouts = {
  connectMs: 1_000,
  statementMs: 1_000,
  idleInTransactionMs: 1_000,
  queryMs: 1_500,
};
/** The longest a request may take while the database is away: a connection attempt, then a query. */
const WORST_MS = TIMEOUTS.connectMs + TIMEOUTS.queryMs + 1_000;
const POOL_SIZE = 2;

const config = testConfig();
let database: TestDatabase;
let proxy: TcpProxy;
let handle: DatabaseHandle;
let app: FastifyInstance;

describe.skipIf(!process.env.TEST_DATABASE_URL)('the API while PostgreSQL fails', () => {
  beforeAll(async () => {
    database = await createTestDatabase();
    if (!database.url) throw new Error('a PostgreSQL test database has a url');
    const server = new URL(database.url);
    proxy = await startTcpProxy({ host: server.hostname, port: Number(server.port || 5432) });
    handle = await openDatabase({
      kind: 'postgres',
      url: proxy.urlFor(database.url),
      poolSize: POOL_SIZE,
      timeouts: TIMEOUTS,
    });
    app = await createTestApp({ db: handle.db, config });
  });

  afterAll(async () => {
    await app?.close();
    await handle?.close();
    await proxy?.close();
    await database?.close();
  });

  // A failed test must not leave the next one without a database.
  afterEach(() => proxy.up());

  let serial = 0;
  /** A registration from an address of its own, so the per-address limit never bites. */
  function register(email = `fault-${(serial += 1)}@example.ru`) {
    return app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { email, password: 'ромашка-2024', name: 'Мария', consent_personal_data: true },
      remoteAddress: `198.51.100.${(serial % 250) + 1}`,
    });
  }

  const regions = () => app.inject({ url: '/api/regions' });

  async function timed<T>(call: () => Promise<T>): Promise<{ res: T; ms: number }> {
    const started = Date.now();
    const res = await call();
    return { res, ms: Date.now() - started };
  }

  function expectOutage(res: Awaited<ReturnType<typeof regions>>) {
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toMatch(/^\d+$/);
    expect(res.json()).toMatchObject({
      code: 'service_unavailable',
      message: 'Сервис временно недоступен. Попробуйте через минуту',
    });
  }

  async function userExists(email: string): Promise<boolean> {
    const rows = await database.db.select().from(users).where(eq(users.email, email));
    return rows.length > 0;
  }

  it('answers 503 with Retry-After at once while the database is down, then 200 and 201', async () => {
    expect((await regions()).statusCode).toBe(200);
    proxy.down();
    // What the public cache holds may answer until it hears the connection is gone; the read under test is
    // one it has to make.
    app.publicCache.invalidate('a cold cache');

    for (const call of [regions, () => register()]) {
      const { res, ms } = await timed(call);
      expectOutage(res);
      expect(ms).toBeLessThan(TIMEOUTS.connectMs + 500);
    }
    expect((await app.inject({ url: '/api/health' })).statusCode).toBe(503);

    proxy.up();
    expect((await regions()).statusCode).toBe(200);
    expect((await register()).statusCode).toBe(201);
    expect((await app.inject({ url: '/api/health' })).statusCode).toBe(200);
  });

  it('answers 503 within the timeouts while the database is frozen, then recovers', async () => {
    expect((await regions()).statusCode).toBe(200);
    proxy.freeze();
    const email = 'frozen@example.ru';
    // The regions just read are in the public cache and keep answering until its listening connection
    // misses a ping; a read the cache has to make goes to the database, and that is what is tested here.
    app.publicCache.invalidate('a cold cache');

    const [read, signUp] = await Promise.all([timed(regions), timed(() => register(email))]);
    for (const { res, ms } of [read, signUp]) {
      expectOutage(res);
      expect(ms).toBeLessThan(WORST_MS);
    }

    proxy.up();
    expect((await regions()).statusCode).toBe(200);
    expect((await register()).statusCode).toBe(201);
    expect(await userExists(email)).toBe(false);
  });

  it('rolls back a registration whose connection froze mid-transaction: no phantom parent', async () => {
    const email = 'phantom@example.ru';
    // The parent's row is written; the connection freezes as the consent follows it.
    const frozen = proxy.freezeOn('insert into "consents"');
    const signUp = timed(() => register(email));
    await frozen;
    const { res, ms } = await signUp;
    expectOutage(res);
    expect(ms).toBeLessThan(WORST_MS);

    // The server ends the session left inside the transaction on its own (idle_in_transaction timeout).
    await expect
      .poll(
        async () => {
          const { rows } = (await database.db.execute(
            sql`select count(*)::int as n from pg_stat_activity
                where datname = current_database() and state like 'idle in transaction%'`,
          )) as unknown as { rows: { n: number }[] };
          return rows[0]?.n;
        },
        { timeout: TIMEOUTS.idleInTransactionMs + 3_000, interval: 100 },
      )
      .toBe(0);

    // Thawing delivers nothing of the abandoned transaction; the next parent registers normally.
    proxy.up();
    const next = `after-phantom@example.ru`;
    expect((await register(next)).statusCode).toBe(201);
    expect(await userExists(next)).toBe(true);
    expect(await userExists(email)).toBe(false);
  });

  it('keeps every pool slot through failed BEGINs', async () => {
    // A transaction whose BEGIN fails is never given back by drizzle; db/pg-guard.ts gives it back.
    for (let round = 0; round < POOL_SIZE; round += 1) {
      const frozen = proxy.freezeOn('begin');
      const signUp = register();
      await frozen;
      expectOutage(await signUp);
      proxy.up();
    }
    const { res, ms } = await timed(() => register());
    expect(res.statusCode).toBe(201);
    expect(ms).toBeLessThan(TIMEOUTS.connectMs);
  });

  it('recovers after every backend is terminated, even one inside a transaction', async () => {
    await Promise.all([regions(), regions(), regions()]);
    let terminate: () => void = () => undefined;
    const terminated = new Promise<void>((resolve) => {
      terminate = resolve;
    });
    const inTransaction = handle.db.transaction(async (tx) => {
      await tx.execute(sql`select 1`);
      await terminated;
      await tx.execute(sql`select 1`);
    });
    const outcome = inTransaction.then(
      () => null,
      (error: unknown) => error,
    );
    await database.db.execute(
      sql`select pg_terminate_backend(pid) from pg_stat_activity
          where datname = current_database() and pid <> pg_backend_pid()`,
    );
    // Let the server's FATAL reach the idle connections (and the one inside the transaction).
    await new Promise((resolve) => setTimeout(resolve, 200));
    terminate();
    const error = await outcome;
    expect(error).not.toBeNull();
    expect(isDatabaseUnavailable(error)).toBe(true);

    const first = await regions();
    expect([200, 503]).toContain(first.statusCode);
    const again = await Promise.all([regions(), regions(), regions(), register()]);
    expect(again.map((r) => r.statusCode)).toEqual([200, 200, 200, 201]);
  });

  it('a job caught mid-run by the outage is taken again a minute later; the worker waits it out', async () => {
    const lines: { level: number; msg: string }[] = [];
    const logger = pino(
      { level: 'info' },
      { write: (line: string) => lines.push(JSON.parse(line)) },
    );
    const time = manualClock();
    let started: () => void = () => undefined;
    const running = new Promise<void>((resolve) => {
      started = resolve;
    });
    let finish: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      finish = resolve;
    });
    const seen: number[] = [];
    const worker = startJobWorker(
      { db: handle.db, config, clock: time.clock, logger },
      {
        intervalMs: 20,
        workerId: 'doomed:1',
        handlers: {
          probe: async (_payload, { job }) => {
            seen.push(job.id);
            if (seen.length === 1) {
              started();
              await gate;
            }
          },
        },
      },
    );
    try {
      const id = await enqueue(database.db, 'probe', { to: 'parent@example.ru' });
      await running;
      // The mail went out, but the database is gone before the job can be marked done.
      proxy.down();
      finish();
      await expect.poll(() => lines.filter((l) => l.level === 40).length).toBe(1);
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(lines.filter((l) => l.level >= 40)).toHaveLength(1);
      const [row] = await database.db.select().from(jobs).where(eq(jobs.id, id));
      expect(row).toMatchObject({ status: 'running', lockedBy: 'doomed:1' });

      // Another instance takes it once the lock is a minute old.
      time.advance(61_000);
      const taken: number[] = [];
      await runDueJobs(
        { db: database.db, config, clock: time.clock },
        {
          workerId: 'survivor:2',
          handlers: { probe: async (_p, { job }) => void taken.push(job.id) },
        },
      );
      expect(taken).toEqual([id]);

      // The worker keeps polling through the outage and works again once the database is back.
      proxy.up();
      const next = await enqueue(database.db, 'probe', { to: 'next@example.ru' });
      await expect.poll(() => seen.includes(next), { timeout: 10_000 }).toBe(true);
      // Said once the run that took it is over.
      await expect
        .poll(() => lines.some((l) => l.level === 30 && /answers again/.test(l.msg)))
        .toBe(true);
    } finally {
      await worker.stop();
    }
  });

  it('lets an instance wait for the startup lock longer than the statement timeout', async () => {
    const url = database.url;
    if (!url) throw new Error('a PostgreSQL test database has a url');
    const open = () =>
      openDatabase({
        kind: 'postgres',
        url,
        poolSize: 1,
        timeouts: { statementMs: 200 },
      });
    const [first, second] = await Promise.all([open(), open()]);
    try {
      const order: string[] = [];
      const migrate = (name: string) => async () => {
        order.push(`${name} starts`);
        await new Promise((resolve) => setTimeout(resolve, 600));
        order.push(`${name} ends`);
      };
      await Promise.all([
        first.withStartupLock(migrate('first')),
        new Promise((resolve) => setTimeout(resolve, 50)).then(() =>
          second.withStartupLock(migrate('second')),
        ),
      ]);
      expect(order).toEqual(['first starts', 'first ends', 'second starts', 'second ends']);
    } finally {
      await Promise.all([first.close(), second.close()]);
    }
  });
});
