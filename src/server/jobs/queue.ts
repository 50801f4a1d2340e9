// Putting work on the queue. A plain insert, so it joins the caller's transaction: a mail queued while
// registering a parent exists exactly when the parent does.
import type { Database } from '../db/client';
import { jobs } from '../db/schema/index';

export const DEFAULT_MAX_ATTEMPTS = 5;

export interface EnqueueOptions {
  /** Not before this moment; default as soon as possible. */
  runAt?: Date;
  /** Tries before the job is marked failed; default 5. */
  maxAttempts?: number;
}

/**
 * Adds a job and returns its id. Without `runAt` the row keeps `run_at = created_at` (both the database's
 * now()), which the runner reads as "due whatever the clock says": a test's clock may stand anywhere
 * relative to the database's.
 */
export async function enqueue(
  db: Database,
  kind: string,
  payload: Record<string, unknown>,
  options: EnqueueOptions = {},
): Promise<number> {
  const maxAttempts = options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS;
  if (!Number.isInteger(maxAttempts) || maxAttempts < 1) {
    throw new RangeError(`maxAttempts must be a positive integer, got ${maxAttempts}`);
  }
  const [row] = await db
    .insert(jobs)
    .values({
      kind,
      payload,
      maxAttempts,
      ...(options.runAt ? { runAt: options.runAt } : {}),
    })
    .returning({ id: jobs.id });
  if (!row) throw new Error('the jobs insert returned no row');
  return row.id;
}
