import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { jobs } from '../db/schema/index';
import { manualClock } from '../testing/fixtures';
import { testConfig } from '../testing/test-app';
import { createTestDatabase, type TestDatabase } from '../testing/test-database';
import { enqueue } from './queue';
import { STALE_LOCK_MS, claimJob, runDueJobs } from './runner';
import { type JobHandler } from './types';
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
