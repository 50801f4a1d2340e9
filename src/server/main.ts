// Process entry: config → database → migrations → seed → app → listen; graceful shutdown.
import cluster from 'node:cluster';
import pino from 'pino';
import { buildApp } from './app';
import type { DatabaseHandle } from './db/client';
import { serveEmbeddedBackups } from './backup/school-process';
import { ConfigError, isLoopbackHost, loadConfig, type Config } from './config';
import { DemoAccountsError } from './db/seed/demo-accounts';
import { configuredMediaStore, copyBundledMedia } from './integrations/storage/default-store';
import { defaultSeedContent } from './db/seed/default-content';
import { startJobWorker } from './jobs/worker';
import { ensureRenewalTick } from './modules/renewals/charge';
import { ensureMailingTick } from './modules/mailing/reminders';
import { ensureAccountsSweep } from './modules/auth/sweep-job';
import { ensureMediaSweep } from './modules/media/cleanup';
import { queueMissingLadders } from './modules/media/transcode-job';
import { transcodeHandlers } from './jobs/handlers';
import { createLogger } from './logger';
import {
  SETUP_CODE_ENV,
  firstAdminNeedsSetup,
  newSetupCode,
  setupCodeLine,
  setupCodeOf,
} from './modules/admin/first-admin-setup';
import { prepareDatabase } from './startup';

const SHUTDOWN_TIMEOUT_MS = 10_000;
/**
 * In production, how long a stopping instance answers «not ready» while still serving, before it stops
 * taking connections: a load balancer checking readiness every second or two has moved its traffic away by
 * then (docs/SCALING.md «Readiness»). Not a wait for anything here; a window for someone else.
 */
const READY_DRAIN_MS = 2000;
const WORKER_DRAIN_MS = 1000;

function readConfig(): Config {
  try {
    return loadConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      // Plain text on stderr: the operator reads this, not a log pipeline.
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

async function main(): Promise<void> {
  // The stream pino would pick by itself (stdout, asynchronous), held here so the plain-text start line
  // joins the same queue and lands after the JSON lines written before it.
  const stdout = pino.destination({ fd: 1, sync: false });
  const logger = createLogger({ level: process.env.LOG_LEVEL, destination: stdout });
  const config = readConfig();

  // `npm run backup` asks this process for its embedded database: nobody else may open the folder from
  // the moment it starts opening it; a request during start-up waits for the database to be open.
  let opened: (handle: DatabaseHandle) => void = () => undefined;
  const open = new Promise<DatabaseHandle>((resolve) => {
    opened = resolve;
  });
  if (config.databaseUrl === null) {
    serveEmbeddedBackups(
      config.dataDir,
      async () => {
        const dump = (await open).dumpDataDir;
        if (!dump) throw new Error('the embedded database cannot be dumped');
        return dump();
      },
      (error) => logger.error({ err: error }, 'backup dump failed'),
    );
  }
  const handle = await prepareDatabase({ config, logger, seed: defaultSeedContent });
  opened(handle);
  const media = await configuredMediaStore(config);
  const copied = await copyBundledMedia(media);
  if (copied > 0) logger.info({ copied }, 'demo lesson media copied to the bucket');
  // A cluster's worker takes the code its primary printed, so every instance accepts the same one.
  const inherited = cluster.isWorker ? process.env[SETUP_CODE_ENV] : undefined;
  Reflect.deleteProperty(process.env, SETUP_CODE_ENV);
  const printed =
    inherited === undefined && (await firstAdminNeedsSetup(handle.db, config))
      ? newSetupCode()
      : null;
  const code = inherited ?? printed;
  const setupCode = code === null ? undefined : setupCodeOf(code);
  const app = await buildApp({ config, db: handle.db, logger, media, setupCode });
  // Jobs (mail, later renewals and reminders) run in every instance; row locks share them out.
  // The renewal scan reschedules itself; a fresh database (or a lost row) gets its first run here.
  await ensureRenewalTick(handle.db);
  await ensureMailingTick(handle.db);
  await ensureAccountsSweep(handle.db);
  await ensureMediaSweep(handle.db);
  const jobDeps = { config, db: handle.db, logger, media };
  const workers = [startJobWorker(jobDeps)];
  // Lesson videos become HLS ladders in the background: `npm start` does not wait for them, and a lesson
  // plays its original file until its ladder is ready. A fresh demo database queues its lessons here.
  const { transcodeConcurrency } = config.media;
  if (transcodeConcurrency > 0) {
    const queued = await queueMissingLadders(handle.db);
    if (queued > 0) logger.info({ queued }, 'lesson videos queued for HLS');
    for (let i = 0; i < transcodeConcurrency; i += 1) {
      workers.push(startJobWorker(jobDeps, { handlers: transcodeHandlers }));
    }
  }
  const worker = { stop: () => Promise.all(workers.map((w) => w.stop())) };

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) {
      logger.warn({ signal }, 'second signal: exiting now');
      process.exit(1);
    }
    stopping = true;
    logger.info({ signal }, 'shutting down');
    const timer = setTimeout(() => {
      logger.error('shutdown took too long: exiting');
      process.exit(1);
    }, SHUTDOWN_TIMEOUT_MS);
    timer.unref();
    try {
      // Not ready first, so the balancer sends no more; then stop taking requests and let the ones in
      // flight finish, then let go of the database.
      app.markStopping();
      // A balancer sees «not ready» within its probe interval (production); a cluster worker replaced by a
      // rolling restart gets its keep-alive clients off with Connection: close before the sockets go.
      const drainMs = config.production ? READY_DRAIN_MS : cluster.isWorker ? WORKER_DRAIN_MS : 0;
      if (drainMs > 0) await new Promise((resolve) => setTimeout(resolve, drainMs));
      await app.close();
      await worker.stop();
      await handle.close();
      logger.info('stopped');
      process.exit(0);
    } catch (error) {
      logger.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));

  let address: string;
  try {
    address = await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    logger.error({ err: error }, 'cannot listen');
    await worker.stop();
    await handle.close();
    process.exit(1);
  }
  logger.info({ url: address, public_url: config.publicUrl, demo: config.demo }, 'listening');
  if (config.demo && !isLoopbackHost(config.host)) {
    // DEMO=true on a reachable address is allowed, but whoever reads the log should see what it means.
    logger.warn(
      { host: config.host },
      'demo mode on a reachable address (DEMO=true): anyone can read the mail outbox and sign in with the demo accounts',
    );
  }
  // The one line a person starting the school looks for, in plain text: the public address, because
  // social sign-in binds the browser with a cookie of that host (localhost, not 127.0.0.1).
  stdout.write(`Школа Умняшек: ${config.publicUrl}\n`);
  // The first administrator's way to enrol from afar: plain text for the person at the terminal, never a
  // field of the JSON log.
  if (printed !== null) stdout.write(`${setupCodeLine(printed)}\n`);
}

main().catch((error: unknown) => {
  // A refusal the operator acts on is said in plain words, without a stack.
  console.error(error instanceof DemoAccountsError ? error.message : error);
  process.exit(1);
});
