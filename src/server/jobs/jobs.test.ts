import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { jobs } from '../db/schema/index';
import { manualClock } from '../testing/fixtures';
import { testConfig } from '../testing/test-app';
import { createTestDatabase, type TestDatabase } from '../testing/test-database';
import { retryDelayMs } from './backoff';
import { enqueue } from './queue';
import {
  KEEP_DONE_JOBS_MS,
  KEEP_FAILED_JOBS_MS,
  STALE_LOCK_MS,
  claimJob,
  purgeFinishedJobs,
  runDueJobs,
} from './runner';
import { PermanentJobError, type JobHandler } from './types';
import { startJobWorker } from './worker';

let database: TestDatabase;
const config = testConfig();
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});
beforeEach(async () => {
  await database.reset();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function jobRow(id: number) {
  const [row] = await database.db.select().from(jobs).where(eq(jobs.id, id));
  if (!row) throw new Error(`no job ${id}`);
  return row;
}

/** A handler that records what it ran. */
function recorder() {
  const seen: { id: number; payload: Record<string, unknown>; worker?: string }[] = [];
  const handler: JobHandler = async (payload, { job }) => {
    seen.push({ id: job.id, payload });
  };
  return { seen, handler };
}

describe('enqueue and runDueJobs', () => {
  it('runs a queued job once and marks it done', async () => {
    const { seen, handler } = recorder();
    const id = await enqueue(database.db, 'test', { hello: 'мир' });
    const time = manualClock();

    const first = await runDueJobs(
      { db: database.db, config, clock: time.clock },
      { handlers: { test: handler } },
    );
    expect(first).toEqual({ done: 1, retried: 0, failed: 0 });
    expect(seen).toEqual([{ id, payload: { hello: 'мир' } }]);
    const row = await jobRow(id);
    expect(row).toMatchObject({ status: 'done', attempts: 1, lockedBy: null, lockedAt: null });

    const again = await runDueJobs(
      { db: database.db, config, clock: time.clock },
      { handlers: { test: handler } },
    );
    expect(again).toEqual({ done: 0, retried: 0, failed: 0 });
    expect(seen).toHaveLength(1);
  });

  it('runs a job queued "now" whether the clock is behind or ahead of the database', async () => {
    const { seen, handler } = recorder();
    await enqueue(database.db, 'test', {});
    await enqueue(database.db, 'test', {});
    await runDueJobs(
      { db: database.db, config, clock: () => new Date('2000-01-01T00:00:00Z') },
      { handlers: { test: handler }, limit: 1 },
    );
    await runDueJobs(
      { db: database.db, config, clock: () => new Date('2100-01-01T00:00:00Z') },
      { handlers: { test: handler } },
    );
    expect(seen).toHaveLength(2);
  });

  it('waits for runAt', async () => {
    const { seen, handler } = recorder();
    const time = manualClock();
    const id = await enqueue(
      database.db,
      'test',
      {},
      { runAt: new Date(time.clock().getTime() + 60_000) },
    );
    const deps = { db: database.db, config, clock: time.clock };
    await runDueJobs(deps, { handlers: { test: handler } });
    expect(seen).toHaveLength(0);
    time.advance(60_000);
    await runDueJobs(deps, { handlers: { test: handler } });
    expect(seen.map((s) => s.id)).toEqual([id]);
  });

  it('runs jobs in the order they fell due', async () => {
    const { seen, handler } = recorder();
    const time = manualClock();
    const now = time.clock().getTime();
    const later = await enqueue(database.db, 'test', {}, { runAt: new Date(now - 1_000) });
    const earlier = await enqueue(database.db, 'test', {}, { runAt: new Date(now - 5_000) });
    await runDueJobs(
      { db: database.db, config, clock: time.clock },
      { handlers: { test: handler } },
    );
    expect(seen.map((s) => s.id)).toEqual([earlier, later]);
  });

  it('leaves kinds it has no handler for to whoever has one', async () => {
    const id = await enqueue(database.db, 'from-a-newer-build', {});
    const summary = await runDueJobs({ db: database.db, config }, { handlers: {} });
    expect(summary).toEqual({ done: 0, retried: 0, failed: 0 });
    expect((await jobRow(id)).status).toBe('pending');
  });

  it('joins the caller’s transaction: a rolled-back job never exists', async () => {
    await expect(
      database.db.transaction(async (tx) => {
        await enqueue(tx, 'test', {});
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await database.db.select().from(jobs)).toHaveLength(0);
  });

  it('refuses a maxAttempts below one', async () => {
    await expect(enqueue(database.db, 'test', {}, { maxAttempts: 0 })).rejects.toThrow(RangeError);
  });
});

describe('retries', () => {
  it('backs off 30 s, 2 min, 10 min, 1 h, then 6 h', () => {
    expect([1, 2, 3, 4, 5, 6, 9].map(retryDelayMs)).toEqual([
      30_000, 120_000, 600_000, 3_600_000, 21_600_000, 21_600_000, 21_600_000,
    ]);
  });

  it('schedules a failed job again with growing delays, then fails it after max attempts', async () => {
    const time = manualClock();
    const deps = { db: database.db, config, clock: time.clock };
    let calls = 0;
    const handlers = {
      flaky: async () => {
        calls += 1;
        throw new Error(`SMTP says no (${calls})`);
      },
    };
    const id = await enqueue(database.db, 'flaky', {}, { maxAttempts: 3 });

    expect(await runDueJobs(deps, { handlers })).toEqual({ done: 0, retried: 1, failed: 0 });
    let row = await jobRow(id);
    expect(row).toMatchObject({ status: 'pending', attempts: 1, lastError: 'SMTP says no (1)' });
    expect(row.lockedBy).toBeNull();
    expect(row.runAt.getTime()).toBe(time.clock().getTime() + 30_000);

    // Not a moment early.
    time.advance(29_999);
    expect(await runDueJobs(deps, { handlers })).toEqual({ done: 0, retried: 0, failed: 0 });
    time.advance(1);
    expect(await runDueJobs(deps, { handlers })).toEqual({ done: 0, retried: 1, failed: 0 });
    row = await jobRow(id);
    expect(row).toMatchObject({ status: 'pending', attempts: 2, lastError: 'SMTP says no (2)' });
    expect(row.runAt.getTime()).toBe(time.clock().getTime() + 120_000);

    time.advance(120_000);
    expect(await runDueJobs(deps, { handlers })).toEqual({ done: 0, retried: 0, failed: 1 });
    row = await jobRow(id);
    expect(row).toMatchObject({ status: 'failed', attempts: 3, lastError: 'SMTP says no (3)' });

    time.advance(24 * 3_600_000);
    await runDueJobs(deps, { handlers });
    expect(calls).toBe(3);
  });

  it('succeeds on a later attempt', async () => {
    const time = manualClock();
    const deps = { db: database.db, config, clock: time.clock };
    let calls = 0;
    const handlers = {
      once: async () => {
        calls += 1;
        if (calls === 1) throw new Error('temporary');
      },
    };
    const id = await enqueue(database.db, 'once', {});
    await runDueJobs(deps, { handlers });
    time.advance(30_000);
    expect(await runDueJobs(deps, { handlers })).toEqual({ done: 1, retried: 0, failed: 0 });
    expect(await jobRow(id)).toMatchObject({ status: 'done', attempts: 2 });
  });

  it('fails at once on a PermanentJobError or an unknown payload shape', async () => {
    const id = await enqueue(database.db, 'broken', {});
    const summary = await runDueJobs(
      { db: database.db, config },
      {
        handlers: {
          broken: async () => {
            throw new PermanentJobError('payload is not a mail request');
          },
        },
      },
    );
    expect(summary).toEqual({ done: 0, retried: 0, failed: 1 });
    expect(await jobRow(id)).toMatchObject({
      status: 'failed',
      attempts: 1,
      lastError: 'payload is not a mail request',
    });
  });
});

describe('stale locks', () => {
  async function crashedJob(lockedAgoMs: number, attempts = 1, maxAttempts = 5) {
    const time = manualClock();
    const id = await enqueue(database.db, 'test', { crashed: true }, { maxAttempts });
    await database.db
      .update(jobs)
      .set({
        status: 'running',
        attempts,
        lockedBy: 'instance-that-died:1',
        lockedAt: new Date(time.clock().getTime() - lockedAgoMs),
      })
      .where(eq(jobs.id, id));
    return { id, time };
  }

  it('takes over a job whose worker died long ago', async () => {
    const { seen, handler } = recorder();
    const { id, time } = await crashedJob(STALE_LOCK_MS + 1);
    const summary = await runDueJobs(
      { db: database.db, config, clock: time.clock },
      { handlers: { test: handler }, workerId: 'survivor:2' },
    );
    expect(summary.done).toBe(1);
    expect(seen.map((s) => s.id)).toEqual([id]);
    expect(await jobRow(id)).toMatchObject({ status: 'done', attempts: 2 });
  });

  it('leaves a job that is still being worked on alone', async () => {
    const { seen, handler } = recorder();
    const { id, time } = await crashedJob(STALE_LOCK_MS - 1_000);
    await runDueJobs(
      { db: database.db, config, clock: time.clock },
      { handlers: { test: handler } },
    );
    expect(seen).toHaveLength(0);
    expect(await jobRow(id)).toMatchObject({ status: 'running', lockedBy: 'instance-that-died:1' });
  });

  it('takes a dead worker’s job again within a minute, not ten', async () => {
    expect(STALE_LOCK_MS).toBeLessThanOrEqual(60_000);
    const { seen, handler } = recorder();
    const { id, time } = await crashedJob(61_000);
    await runDueJobs(
      { db: database.db, config, clock: time.clock },
      { handlers: { test: handler }, workerId: 'survivor:3' },
    );
    expect(seen.map((s) => s.id)).toEqual([id]);
  });

  it('keeps renewing the lock of a long job, so nobody takes it from a live worker', async () => {
    const time = manualClock();
    const deps = { db: database.db, config, clock: time.clock };
    const id = await enqueue(database.db, 'long', {});
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const long = runDueJobs(deps, {
      workerId: 'long:1',
      heartbeatMs: 20,
      handlers: { long: () => gate },
    });
    await expect.poll(async () => (await jobRow(id)).status).toBe('running');
    // Ten minutes pass on the job; the worker's heartbeat renews the lock meanwhile.
    time.advance(10 * 60_000);
    const renewed = time.clock().getTime();
    await expect.poll(async () => (await jobRow(id)).lockedAt?.getTime()).toBe(renewed);
    const { seen, handler } = recorder();
    await runDueJobs(deps, { workerId: 'other:2', handlers: { long: handler } });
    expect(seen).toHaveLength(0);
    release();
    await long;
    expect(await jobRow(id)).toMatchObject({ status: 'done', attempts: 1 });
  });

  it('fails a stale job that has no attempts left', async () => {
    const { seen, handler } = recorder();
    const { id, time } = await crashedJob(STALE_LOCK_MS + 1, 3, 3);
    await runDueJobs(
      { db: database.db, config, clock: time.clock },
      { handlers: { test: handler } },
    );
    expect(seen).toHaveLength(0);
    const row = await jobRow(id);
    expect(row.status).toBe('failed');
    expect(row.lastError).toMatch(/stale/);
  });

  it('does not let a worker whose lock was taken over overwrite the new owner', async () => {
    const time = manualClock();
    const deps = { db: database.db, config, clock: time.clock };
    const id = await enqueue(database.db, 'slow', {});
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const slow = runDueJobs(deps, {
      workerId: 'slow:1',
      handlers: {
        slow: async () => {
          await gate;
          throw new Error('finished far too late');
        },
      },
    });
    await expect.poll(async () => (await jobRow(id)).status).toBe('running');
    time.advance(STALE_LOCK_MS + 1);
    const { handler } = recorder();
    await runDueJobs(deps, { workerId: 'fast:2', handlers: { slow: handler } });
    release();
    await slow;
    expect(await jobRow(id)).toMatchObject({ status: 'done', attempts: 2, lastError: null });
  });
});

describe('two runners', () => {
  it('never take the same job', async () => {
    const count = 30;
    for (let i = 0; i < count; i += 1) await enqueue(database.db, 'work', { i });
    const runs: { id: number; worker: string }[] = [];
    const handlerFor =
      (worker: string): JobHandler =>
      async (_payload, { job }) => {
        runs.push({ id: job.id, worker });
        await sleep(2);
      };
    const [a, b] = await Promise.all([
      runDueJobs(
        { db: database.db, config },
        { workerId: 'a', handlers: { work: handlerFor('a') } },
      ),
      runDueJobs(
        { db: database.db, config },
        { workerId: 'b', handlers: { work: handlerFor('b') } },
      ),
    ]);
    expect(a.done + b.done).toBe(count);
    const ids = runs.map((r) => r.id);
    expect(new Set(ids).size).toBe(count);
    expect(ids).toHaveLength(count);
    if (onPostgres) {
      // On PostgreSQL both really ran at once and shared the work.
      expect(a.done).toBeGreaterThan(0);
      expect(b.done).toBeGreaterThan(0);
    }
    const rows = await database.db.select().from(jobs);
    expect(rows.every((r) => r.status === 'done' && r.attempts === 1)).toBe(true);
  });

  it.runIf(onPostgres)(
    'skip a row another transaction holds instead of waiting for it',
    async () => {
      const first = await enqueue(database.db, 'work', {});
      const second = await enqueue(database.db, 'work', {});
      const now = new Date();
      await database.db.transaction(async (tx) => {
        const mine = await claimJob(tx, { kinds: ['work'], workerId: 'a', now });
        expect(mine?.id).toBe(first);
        // The row stays locked until this transaction ends; the other connection moves on.
        const theirs = await claimJob(database.db, { kinds: ['work'], workerId: 'b', now });
        expect(theirs?.id).toBe(second);
        const none = await claimJob(database.db, { kinds: ['work'], workerId: 'c', now });
        expect(none).toBeNull();
      });
    },
  );
});

describe('purging finished jobs', () => {
  it('deletes done jobs after a week and failed ones after a month, never pending or running', async () => {
    const now = new Date('2026-06-01T00:00:00Z');
    const at = (ms: number) => new Date(now.getTime() - ms);
    const rows = [
      { status: 'done', updatedAt: at(KEEP_DONE_JOBS_MS + 1) },
      { status: 'done', updatedAt: at(KEEP_DONE_JOBS_MS - 60_000) },
      { status: 'failed', updatedAt: at(KEEP_FAILED_JOBS_MS + 1) },
      { status: 'failed', updatedAt: at(KEEP_DONE_JOBS_MS + 1) },
      { status: 'pending', updatedAt: at(KEEP_FAILED_JOBS_MS * 2) },
      { status: 'running', updatedAt: at(KEEP_FAILED_JOBS_MS * 2) },
    ] as const;
    for (const row of rows) {
      await database.db.insert(jobs).values({ kind: 'test', payload: {}, ...row });
    }
    expect(await purgeFinishedJobs(database.db, now)).toBe(2);
    const left = await database.db.select({ id: jobs.id }).from(jobs).orderBy(jobs.id);
    expect(left.map((r) => r.id)).toEqual([2, 4, 5, 6]);
  });
});

describe('the worker', () => {
  it('polls, and on stop finishes the job in hand but takes no more', async () => {
    const first = await enqueue(database.db, 'slow', {});
    const second = await enqueue(database.db, 'slow', {});
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const started: number[] = [];
    const worker = startJobWorker(
      { db: database.db, config },
      {
        intervalMs: 10,
        handlers: {
          slow: async (_payload, { job }) => {
            started.push(job.id);
            await gate;
          },
        },
      },
    );
    await expect.poll(() => started).toEqual([first]);
    let stopped = false;
    const stopping = worker.stop().then(() => {
      stopped = true;
    });
    await sleep(20);
    expect(stopped).toBe(false);
    release();
    await stopping;
    expect(started).toEqual([first]);
    expect((await jobRow(first)).status).toBe('done');
    expect((await jobRow(second)).status).toBe('pending');
  });

  it('picks up a job queued while it idles', async () => {
    const { seen, handler } = recorder();
    const worker = startJobWorker(
      { db: database.db, config },
      { intervalMs: 10, handlers: { test: handler } },
    );
    await sleep(30);
    const id = await enqueue(database.db, 'test', {});
    await expect.poll(() => seen.map((s) => s.id)).toEqual([id]);
    await worker.stop();
  });
});
