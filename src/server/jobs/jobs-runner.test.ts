import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { jobs } from '../db/schema/index';
import { manualClock } from '../testing/fixtures';
import { testConfig } from '../testing/test-app';
import { createTestDatabase, type TestDatabase } from '../testing/test-database';
import { retryDelayMs } from './backoff';
import { enqueue } from './queue';
import { KEEP_DONE_JOBS_MS, KEEP_FAILED_JOBS_MS, purgeFinishedJobs, runDueJobs } from './runner';
import { PermanentJobError, type JobHandler } from './types';

let database: TestDatabase;
const config = testConfig();

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});
beforeEach(async () => {
  await database.reset();
});

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
