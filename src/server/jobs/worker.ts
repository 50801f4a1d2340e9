// The in-process worker main.ts starts: runs due jobs, sleeps a second, again. Every instance runs one;
// the queue's row locks keep them from doing the same job twice.
import { isDatabaseUnavailable } from '../db/unavailable';
import { systemClock } from '../deps';
import { purgeFinishedJobs, runDueJobs, type RunOptions } from './runner';
import type { JobDeps } from './types';

export const POLL_INTERVAL_MS = 1000;
/** While the database is away the worker polls this often, and says so once, not every second. */
export const OUTAGE_POLL_INTERVAL_MS = 5000;
const PURGE_INTERVAL_MS = 3_600_000;

export interface JobWorker {
  /** No new jobs are taken; resolves once the job in hand is finished. */
  stop(): Promise<void>;
}

export function startJobWorker(
  deps: JobDeps,
  options: Omit<RunOptions, 'signal'> & { intervalMs?: number } = {},
): JobWorker {
  const { intervalMs = POLL_INTERVAL_MS, ...runOptions } = options;
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  const clock = deps.clock ?? systemClock;
  let lastPurge = -Infinity;
  let outage = false;

  const run = async () => {
    const now = clock();
    if (now.getTime() - lastPurge >= PURGE_INTERVAL_MS) {
      lastPurge = now.getTime();
      await purgeFinishedJobs(deps.db, now);
    }
    await runDueJobs(deps, { ...runOptions, signal: controller.signal });
  };

  const tick = () => {
    timer = undefined;
    if (controller.signal.aborted) return;
    running = run()
      .then(
        () => {
          if (outage) deps.logger?.info('jobs worker: the database answers again');
          outage = false;
        },
        (error: unknown) => {
          if (!isDatabaseUnavailable(error)) {
            deps.logger?.error({ err: error }, 'jobs worker: a run failed');
            return;
          }
          // The database is away: wait for it, quietly. A job caught mid-run is taken again once its
          // lock goes stale (STALE_LOCK_MS), by this worker or another.
          if (!outage) deps.logger?.warn('jobs worker: the database does not answer; waiting');
          outage = true;
        },
      )
      .finally(() => {
        running = undefined;
        if (!controller.signal.aborted) {
          timer = setTimeout(
            tick,
            outage ? Math.max(intervalMs, OUTAGE_POLL_INTERVAL_MS) : intervalMs,
          );
          timer.unref();
        }
      });
  };
  timer = setTimeout(tick, 0);
  timer.unref();

  return {
    stop: async () => {
      controller.abort();
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
