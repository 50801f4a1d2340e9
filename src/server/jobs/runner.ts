// Claims due jobs one at a time and runs them. Claiming is one UPDATE over a `FOR UPDATE SKIP LOCKED`
// sub-select, so any number of runners on any number of instances share the table without taking the
// same row twice; the handler then runs outside any transaction.
import { hostname } from 'node:os';
import { and, eq, inArray, lt, lte, or, sql } from 'drizzle-orm';
import pino from 'pino';
import type { Database } from '../db/client';
import { jobs } from '../db/schema/index';
import { systemClock, type Clock } from '../deps';
import { retryDelayMs } from './backoff';
import { jobHandlers } from './handlers';
import { PermanentJobError, type JobDeps, type JobHandlers } from './types';
import { jobsFinished } from '../metrics/registry';

/**
 * A 'running' row whose lock was not renewed for this long belongs to a worker that died (its instance
 * stopped, or lost the database mid-job): it is claimed again. A live worker renews the lock every
 * HEARTBEAT_MS, so even a long job is never taken from it.
 */
export const STALE_LOCK_MS = 60_000;
export const HEARTBEAT_MS = 15_000;
const MAX_ERROR_LENGTH = 2000;

export interface RunOptions {
  /** Default: every kind the school knows (jobs/handlers.ts). */
  handlers?: JobHandlers;
  /** Written to locked_by; default host:pid. */
  workerId?: string;
  /** Stop between jobs once aborted (shutdown); the job in hand is finished first. */
  signal?: AbortSignal;
  staleAfterMs?: number;
  /** How often the lock of the job in hand is renewed (default HEARTBEAT_MS). */
  heartbeatMs?: number;
  /** At most this many jobs in one call. */
  limit?: number;
}

export interface RunSummary {
  done: number;
  retried: number;
  failed: number;
}

export const defaultWorkerId = () => `${hostname()}:${process.pid}`;

const silentLogger = pino({ enabled: false });

interface ClaimedJob {
  id: number;
  kind: string;
  payload: Record<string, unknown>;
  attempts: number;
  maxAttempts: number;
  lockedAt: Date | null;
}

/** Takes the next due job (or a stale one) for this worker, or null when there is none. */
export async function claimJob(
  db: Database,
  options: { kinds: string[]; workerId: string; now: Date; staleAfterMs?: number },
): Promise<ClaimedJob | null> {
  if (options.kinds.length === 0) return null;
  const { now } = options;
  const staleBefore = new Date(now.getTime() - (options.staleAfterMs ?? STALE_LOCK_MS));
  const next = db
    .select({ id: jobs.id })
    .from(jobs)
    .where(
      and(
        inArray(jobs.kind, options.kinds),
        or(
          and(eq(jobs.status, 'pending'), or(lte(jobs.runAt, now), eq(jobs.runAt, jobs.createdAt))),
          and(
            eq(jobs.status, 'running'),
            lt(jobs.lockedAt, staleBefore),
            lt(jobs.attempts, jobs.maxAttempts),
          ),
        ),
      ),
    )
    .orderBy(jobs.runAt, jobs.id)
    .limit(1)
    .for('update', { skipLocked: true });
  const [row] = await db
    .update(jobs)
    .set({
      status: 'running',
      lockedBy: options.workerId,
      lockedAt: now,
      attempts: sql`${jobs.attempts} + 1`,
      updatedAt: now,
    })
    .where(eq(jobs.id, sql`(${next})`))
    .returning({
      id: jobs.id,
      kind: jobs.kind,
      payload: jobs.payload,
      attempts: jobs.attempts,
      maxAttempts: jobs.maxAttempts,
      lockedAt: jobs.lockedAt,
    });
  return row ?? null;
}

/** Stale rows that have used up their attempts are not retried by anyone: mark them failed. */
async function failExhaustedStaleJobs(db: Database, now: Date, staleAfterMs: number) {
  const staleBefore = new Date(now.getTime() - staleAfterMs);
  await db
    .update(jobs)
    .set({
      status: 'failed',
      lockedBy: null,
      lockedAt: null,
      lastError: 'the worker running it stopped (lock went stale) and no attempts are left',
      updatedAt: now,
    })
    .where(
      and(
        eq(jobs.status, 'running'),
        lt(jobs.lockedAt, staleBefore),
        sql`${jobs.attempts} >= ${jobs.maxAttempts}`,
      ),
    );
}

function errorText(error: unknown): string {
  const text = error instanceof Error ? error.message || error.name : String(error);
  return text.slice(0, MAX_ERROR_LENGTH);
}

/** Renews our lock on the job in hand; a lost renewal (the database away) is tried again next beat. */
async function renewLock(db: Database, clock: Clock, job: ClaimedJob, workerId: string) {
  const now = clock();
  try {
    const [row] = await db
      .update(jobs)
      .set({ lockedAt: now })
      .where(ownLock(job, workerId))
      .returning({ lockedAt: jobs.lockedAt });
    if (row) job.lockedAt = row.lockedAt;
  } catch {
    // The next beat, or settle(), meets the same database; nothing to do here.
  }
}

/** Our lock, unless the job went stale meanwhile and another worker took it over. */
function ownLock(job: ClaimedJob, workerId: string) {
  return and(
    eq(jobs.id, job.id),
    eq(jobs.status, 'running'),
    eq(jobs.lockedBy, workerId),
    job.lockedAt ? eq(jobs.lockedAt, job.lockedAt) : sql`true`,
  );
}

async function settle(
  db: Database,
  clock: Clock,
  job: ClaimedJob,
  workerId: string,
  error: unknown,
): Promise<'done' | 'retried' | 'failed'> {
  const now = clock();
  const released = { lockedBy: null, lockedAt: null, updatedAt: now };
  if (error === undefined) {
    await db
      .update(jobs)
      .set({ ...released, status: 'done' })
      .where(ownLock(job, workerId));
    return 'done';
  }
  const permanent = error instanceof PermanentJobError;
  if (permanent || job.attempts >= job.maxAttempts) {
    await db
      .update(jobs)
      .set({ ...released, status: 'failed', lastError: errorText(error) })
      .where(ownLock(job, workerId));
    return 'failed';
  }
  await db
    .update(jobs)
    .set({
      ...released,
      status: 'pending',
      lastError: errorText(error),
      runAt: new Date(now.getTime() + retryDelayMs(job.attempts)),
    })
    .where(ownLock(job, workerId));
  return 'retried';
}

/** Finished jobs are kept a while for inspection, then deleted: their payloads hold personal data. */
export const KEEP_DONE_JOBS_MS = 7 * 24 * 3_600_000;
export const KEEP_FAILED_JOBS_MS = 30 * 24 * 3_600_000;

export async function purgeFinishedJobs(db: Database, now: Date): Promise<number> {
  const deleted = await db
    .delete(jobs)
    .where(
      or(
        and(
          eq(jobs.status, 'done'),
          lt(jobs.updatedAt, new Date(now.getTime() - KEEP_DONE_JOBS_MS)),
        ),
        and(
          eq(jobs.status, 'failed'),
          lt(jobs.updatedAt, new Date(now.getTime() - KEEP_FAILED_JOBS_MS)),
        ),
      ),
    )
    .returning({ id: jobs.id });
  return deleted.length;
}

/** Runs every job that is due now, one after another, and says how they ended. */
export async function runDueJobs(deps: JobDeps, options: RunOptions = {}): Promise<RunSummary> {
  const clock = deps.clock ?? systemClock;
  const logger = deps.logger ?? silentLogger;
  const handlers = options.handlers ?? jobHandlers;
  const kinds = Object.keys(handlers);
  const workerId = options.workerId ?? defaultWorkerId();
  const staleAfterMs = options.staleAfterMs ?? STALE_LOCK_MS;
  const limit = options.limit ?? 1000;
  const summary: RunSummary = { done: 0, retried: 0, failed: 0 };

  await failExhaustedStaleJobs(deps.db, clock(), staleAfterMs);
  for (let taken = 0; taken < limit && !options.signal?.aborted; taken += 1) {
    const job = await claimJob(deps.db, { kinds, workerId, now: clock(), staleAfterMs });
    if (!job) break;
    const handler = handlers[job.kind];
    const log = logger.child({ job_id: job.id, job_kind: job.kind, attempt: job.attempts });
    let failure: unknown;
    // Renewals run one after another, and the last one is awaited before the job is settled: settle()
    // matches the lock by the time it was last renewed.
    let renewing: Promise<void> = Promise.resolve();
    const heartbeat = setInterval(() => {
      renewing = renewing.then(() => renewLock(deps.db, clock, job, workerId));
    }, options.heartbeatMs ?? HEARTBEAT_MS);
    heartbeat.unref();
    try {
      if (!handler) throw new PermanentJobError(`no handler for job kind "${job.kind}"`);
      await handler(job.payload, {
        db: deps.db,
        config: deps.config,
        clock,
        logger: log,
        media: deps.media,
        job: { id: job.id, kind: job.kind, attempt: job.attempts, maxAttempts: job.maxAttempts },
      });
    } catch (error) {
      // A handler may throw anything, including undefined; keep "it failed" distinct from "it worked".
      failure = error ?? new Error('the job handler threw without a reason');
    } finally {
      clearInterval(heartbeat);
      await renewing;
    }
    const outcome = await settle(deps.db, clock, job, workerId, failure);
    summary[outcome] += 1;
    jobsFinished.inc({ name: job.kind, outcome });
    if (outcome === 'done') log.info('job done');
    else
      log.warn({ err: failure, outcome }, `job ${outcome === 'retried' ? 'will retry' : 'failed'}`);
  }
  return summary;
}
