// `npm run start:cluster`: several instances of the school on one port, with Node's cluster module. The
// primary checks the configuration, migrates and seeds once, then forks INSTANCES workers (or
// WEB_CONCURRENCY, or one per core), each a whole main.ts: its own pool, job worker and caches. Linux hands
// new connections to the workers in turn (the primary accepts them). A worker that dies is replaced, with
// a growing pause if it keeps dying early; SIGTERM is passed on once and the primary exits when the last
// worker has finished its requests. What N instances share and what each keeps to itself: docs/SCALING.md.
import cluster, { type Worker } from 'node:cluster';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import type { Logger } from 'pino';
import { ClusterConfigError, instanceCount } from './cluster-options';
import { ConfigError, loadConfig, type Config } from './config';
import { DemoAccountsError } from './db/seed/demo-accounts';
import { defaultSeedContent } from './db/seed/default-content';
import { createLogger } from './logger';
import {
  SETUP_CODE_ENV,
  firstAdminNeedsSetup,
  newSetupCode,
  setupCodeLine,
} from './modules/admin/first-admin-setup';
import { ensureAccountsSweep } from './modules/auth/sweep-job';
import { ensureMailingTick } from './modules/mailing/reminders';
import { ensureRenewalTick } from './modules/renewals/charge';
import { prepareDatabase } from './startup';
import { servePrimaryMetrics } from './metrics/cluster-bridge';
import { PID_FILE, rollingRestart } from './rolling-restart';
import { removePidFile, writePidFile } from './backup/school-process';

/** A worker that dies sooner than this after its start counts as a failed start. */
const EARLY_DEATH_MS = 10_000;
/** Failed starts in a row after which the primary gives up instead of forking for ever. */
const MAX_FAILED_STARTS = 5;
const MAX_RESTART_DELAY_MS = 30_000;
/** Longer than main.ts's own shutdown timeout (10 s): a worker past it is stuck, not finishing. */
const WORKER_STOP_WAIT_MS = 12_000;

function fail(message: string): never {
  // Plain text on stderr, as main.ts does: the operator reads this.
  console.error(message);
  process.exit(1);
}

/** Returns the first administrator's start-up code when one is needed (first-admin-setup.ts). */
async function prepareOnce(config: Config, logger: Logger): Promise<string | null> {
  // main.ts in each worker migrates and seeds again under the same database lock, finding nothing to do;
  // doing it here first means a failing migration stops the start once, not in N crash loops.
  const handle = await prepareDatabase({ config, logger, seed: defaultSeedContent });
  try {
    // The scans reschedule themselves; queued here, the workers starting together find them waiting
    // instead of racing to queue one each.
    await ensureRenewalTick(handle.db);
    await ensureMailingTick(handle.db);
    await ensureAccountsSweep(handle.db);
    return (await firstAdminNeedsSetup(handle.db, config)) ? newSetupCode() : null;
  } finally {
    await handle.close();
  }
}

async function primary(): Promise<void> {
  const logger = createLogger({ level: process.env.LOG_LEVEL });
  let config: Config;
  let count: number;
  try {
    config = loadConfig(process.env);
    count = instanceCount(process.env, { postgres: config.databaseUrl !== null });
  } catch (error) {
    if (error instanceof ConfigError || error instanceof ClusterConfigError) fail(error.message);
    throw error;
  }
  if (count > 1 && !config.redisUrl) {
    logger.warn(
      { instances: count },
      'REDIS_URL is not set: every instance counts rate limits on its own, so each limit is ' +
        `${count} times as loose`,
    );
  }
  // Without a key of its own each process would sign lesson links with a random one, and a link signed
  // by one worker would be refused by the next. One key per cluster start keeps the demo's behaviour.
  process.env.MEDIA_SIGNING_SECRET ??= randomBytes(32).toString('base64url');

  let setupCode: string | null;
  try {
    setupCode = await prepareOnce(config, logger);
  } catch (error) {
    if (error instanceof DemoAccountsError) fail(error.message);
    throw error;
  }
  // One code for every instance, whichever a sign-in lands on; the workers print nothing of it.
  if (setupCode !== null) {
    process.env[SETUP_CODE_ENV] = setupCode;
    process.stdout.write(`${setupCodeLine(setupCode)}\n`);
  }

  cluster.setupPrimary({ exec: fileURLToPath(new URL('./main.ts', import.meta.url)) });
  // A scrape of GET /metrics on any worker is answered with every worker's figures.
  servePrimaryMetrics();
  const startedAt = new Map<number, number>();
  let failedStarts = 0;
  let stopping = false;
  let exitCode = 0;

  const retiring = new Set<number>();
  const fork = () => {
    const worker = cluster.fork();
    startedAt.set(worker.id, Date.now());
    return worker;
  };

  cluster.on('exit', (worker: Worker, code: number | null, signal: string | null) => {
    const lived = Date.now() - (startedAt.get(worker.id) ?? 0);
    startedAt.delete(worker.id);
    // A worker replaced by a rolling restart, or one that failed to start during it: no replacement.
    if (retiring.delete(worker.id) && !stopping) return;
    if (stopping) {
      if (code !== 0) exitCode = 1;
      if (Object.keys(cluster.workers ?? {}).length === 0) {
        logger.info('all instances stopped');
        process.exit(exitCode);
      }
      return;
    }
    failedStarts = lived < EARLY_DEATH_MS ? failedStarts + 1 : 0;
    if (failedStarts >= MAX_FAILED_STARTS) {
      logger.error(
        { failed_starts: failedStarts },
        'instances keep dying right after they start: giving up (see their log above)',
      );
      stopping = true;
      exitCode = 1;
      for (const other of Object.values(cluster.workers ?? {})) other?.process.kill('SIGTERM');
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(1);
      return;
    }
    const delay = failedStarts === 0 ? 0 : Math.min(MAX_RESTART_DELAY_MS, 500 * 2 ** failedStarts);
    logger.warn(
      { pid: worker.process.pid, code, signal, restart_in_ms: delay },
      'an instance stopped: starting another',
    );
    setTimeout(fork, delay);
  });

  const alive = () => Object.values(cluster.workers ?? {}).filter((w) => w !== undefined);
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) {
      logger.warn({ signal }, 'second signal: stopping the instances now');
      for (const worker of alive()) worker.process.kill('SIGKILL');
      process.exit(1);
    }
    stopping = true;
    logger.info({ signal, instances: alive().length }, 'shutting down');
    // Ctrl+C in a terminal reaches every process of the group, workers included, and main.ts takes a
    // second signal as "exit now": SIGINT is passed on only to workers still there after their own
    // shutdown time. SIGTERM usually comes to the primary alone (docker stop, kill): passed on at once.
    // systemd: KillMode=mixed, so that only the primary gets it (docs/SCALING.md).
    // A worker a rolling restart already told to stop is draining: a second signal would cut it short.
    if (signal === 'SIGTERM') {
      for (const worker of alive()) if (!retiring.has(worker.id)) worker.process.kill('SIGTERM');
    }
    const late = setTimeout(() => {
      for (const worker of alive())
        worker.process.kill(signal === 'SIGTERM' ? 'SIGKILL' : 'SIGTERM');
      const last = setTimeout(() => {
        for (const worker of alive()) worker.process.kill('SIGKILL');
        process.exit(1);
      }, WORKER_STOP_WAIT_MS);
      last.unref();
    }, WORKER_STOP_WAIT_MS);
    late.unref();
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGHUP', () => {
    // Two processes must never open one embedded data folder: a roll needs PostgreSQL.
    if (config.databaseUrl === null) {
      logger.warn(
        'SIGHUP ignored: a rolling restart needs PostgreSQL (DATABASE_URL); restart instead',
      );
      return;
    }
    void rollingRestart({ logger, fork, alive, retiring, isStopping: () => stopping });
  });
  const pidFile = join(config.dataDir, PID_FILE);
  writePidFile(pidFile);
  process.on('exit', () => removePidFile(pidFile));

  logger.info({ instances: count, port: config.port }, 'starting instances');
  for (let i = 0; i < count; i += 1) fork();
}

if (!cluster.isPrimary) {
  throw new Error('cluster.ts runs in the primary only; its workers run main.ts');
}
primary().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
