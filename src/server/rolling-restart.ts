// A rolling restart of `npm run start:cluster` (docs/OPERATIONS.md «Deploying a new version»): SIGHUP to
// the primary — or `npm run reload`, which finds it by the pid file in DATA_DIR — replaces the workers one
// at a time. Each new worker runs the code on disk now (migrating the database first, under the start-up
// lock) and is listening before an old one is told to stop; the old one turns not-ready, stops taking
// connections, finishes its requests and jobs, and exits. The port is the primary's throughout, so no
// connection is refused while they change.
import type { Worker } from 'node:cluster';
import type { Logger } from 'pino';

export const PID_FILE = 'cluster.pid';

let rolling = false;

/** Resolves when the worker listens (true) or exits first (false). */
function started(worker: Worker): Promise<boolean> {
  return new Promise((resolve) => {
    worker.once('listening', () => resolve(true));
    worker.once('exit', () => resolve(false));
  });
}

const exited = (worker: Worker) =>
  new Promise<void>((resolve) => {
    if (worker.isDead()) resolve();
    else worker.once('exit', () => resolve());
  });

export async function rollingRestart({
  logger,
  fork,
  alive,
  retiring,
  isStopping,
}: {
  logger: Logger;
  fork: () => Worker;
  alive: () => Worker[];
  /** Workers whose exit the primary must not answer with a new one. */
  retiring: Set<number>;
  isStopping: () => boolean;
}): Promise<void> {
  if (rolling || isStopping()) {
    logger.warn('SIGHUP while a restart or a stop is under way: ignored');
    return;
  }
  rolling = true;
  try {
    const old = alive();
    logger.info({ instances: old.length }, 'rolling restart: replacing the instances one by one');
    for (const [index, worker] of old.entries()) {
      if (isStopping()) return;
      // One that died meanwhile has been replaced already by the primary.
      if (worker.isDead()) continue;
      const fresh = fork();
      retiring.add(fresh.id);
      const ok = await started(fresh);
      if (!ok) {
        logger.error(
          { replaced: index },
          'rolling restart stopped: a new instance did not start (see its log above); the rest keep running',
        );
        return;
      }
      retiring.delete(fresh.id);
      retiring.add(worker.id);
      worker.process.kill('SIGTERM');
      await exited(worker);
    }
    logger.info({ instances: alive().length }, 'rolling restart done');
  } finally {
    rolling = false;
  }
}
