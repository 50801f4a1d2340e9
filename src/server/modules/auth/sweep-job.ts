// The accounts' housekeeping, hourly: expired sessions and codes, abandoned social sign-ups, spent mail
// links and caregivers' invitations nobody took (service.ts sweepExpired). Before, it ran only at start-up,
// so a school that ran for months kept them for months.
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { jobs } from '../../db/schema/index';
import { enqueue } from '../../jobs/queue';
import type { JobHandler } from '../../jobs/types';
import { sweepExpired } from './service';

export const ACCOUNTS_SWEEP_JOB = 'accounts.sweep';
const SWEEP_EVERY_MS = 60 * 60 * 1000;

/** Queued at start when none is waiting; each run queues the next. */
export async function ensureAccountsSweep(db: Database, runAt?: Date): Promise<void> {
  const [waiting] = await db
    .select({ id: jobs.id })
    .from(jobs)
    .where(and(eq(jobs.kind, ACCOUNTS_SWEEP_JOB), eq(jobs.status, 'pending')))
    .limit(1);
  if (!waiting) await enqueue(db, ACCOUNTS_SWEEP_JOB, {}, runAt ? { runAt } : {});
}

export const accountsSweepJob: JobHandler = async (_payload, context) => {
  const now = context.clock();
  try {
    await sweepExpired({ db: context.db, clock: context.clock });
  } finally {
    await ensureAccountsSweep(context.db, new Date(now.getTime() + SWEEP_EVERY_MS));
  }
};
