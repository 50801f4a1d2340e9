import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { Database } from '../db/client';
import type { Clock } from '../deps';
import type { MediaStore } from '../integrations/storage/store';

/** What the runner needs; ModuleDeps and the test helpers' `{db, config, clock}` both fit. */
export interface JobDeps {
  db: Database;
  config: Config;
  /** Default: the system clock. Tests move a manual one to reach retries. */
  clock?: Clock;
  /** Default: silent. */
  logger?: FastifyBaseLogger;
  /** The app's media store; a handler that needs one and gets none opens the configured store. */
  media?: MediaStore;
}

export interface JobContext {
  db: Database;
  config: Config;
  clock: Clock;
  logger: FastifyBaseLogger;
  media?: MediaStore;
  job: { id: number; kind: string; attempt: number; maxAttempts: number };
}

/** Runs one job. Throwing schedules a retry (or fails the job after its last attempt). */
export type JobHandler = (payload: Record<string, unknown>, context: JobContext) => Promise<void>;

export type JobHandlers = Readonly<Record<string, JobHandler>>;

/** Thrown by a handler when trying again cannot help (a malformed payload): the job fails at once. */
export class PermanentJobError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PermanentJobError';
  }
}
