// One database type for both drivers: embedded PGlite (demo, tests) and node-postgres (DATABASE_URL).
// Services only ever see `Database`, so they run unchanged on either.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { guardPool } from './pg-guard';
import * as schema from './schema/index';

export type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

/**
 * How long PostgreSQL may take before a request gives up on it. An outage then costs a parent a 503 within
 * seconds instead of a hung page, and a transaction whose request gave up is rolled back, never committed
 * minutes later.
 */
export interface PostgresTimeouts {
  /** Getting a connection: a new one to a server that does not answer, or a free one from a busy pool. */
  connectMs: number;
  /** The server cancels a statement running longer (SQLSTATE 57014). */
  statementMs: number;
  /** The server ends a session left inside a transaction without a word for this long (25P03). */
  idleInTransactionMs: number;
  /**
   * Our own deadline for an answer: above statementMs so a live server's cancel comes first; it catches
   * a frozen server or network (TCP alive, nothing coming back) and drops that connection.
   */
  queryMs: number;
}

export const POSTGRES_TIMEOUTS: Readonly<PostgresTimeouts> = {
  connectMs: 5_000,
  statementMs: 15_000,
  idleInTransactionMs: 15_000,
  queryMs: 16_000,
};

export type DatabaseTarget =
  | {
      kind: 'postgres';
      url: string;
      poolSize?: number;
      /** Tests shrink these; production keeps POSTGRES_TIMEOUTS. */
      timeouts?: Partial<PostgresTimeouts>;
    }
  | { kind: 'pglite'; dataDir: string }
  /** In memory; optionally starting from a dumped data directory (tests use a migrated template). */
  | { kind: 'memory'; loadDataDir?: Blob };

export interface DatabaseHandle {
  db: Database;
  driver: 'pglite' | 'postgres';
  /** Throws when the database does not answer. */
  ping(): Promise<void>;
  /**
   * Runs `fn` while holding a database-wide lock, so that instances starting together migrate and
   * seed one after another.
   */
  withStartupLock<T>(fn: () => Promise<T>): Promise<T>;
  /** PGlite only: the whole data directory as a tarball (backups, test templates). */
  dumpDataDir?: () => Promise<Blob>;
  close(): Promise<void>;
}

// Any constant works; it only has to be the same for every instance of the school.
const STARTUP_LOCK_KEY = 7_312_024;

export function databaseTarget(config: {
  databaseUrl: string | null;
  dataDir: string;
}): DatabaseTarget {
  return config.databaseUrl
    ? { kind: 'postgres', url: config.databaseUrl }
    : { kind: 'pglite', dataDir: join(config.dataDir, 'db') };
}

export async function openDatabase(target: DatabaseTarget): Promise<DatabaseHandle> {
  if (target.kind === 'postgres') {
    return openPostgres(target.url, target.poolSize, { ...POSTGRES_TIMEOUTS, ...target.timeouts });
  }
  let client: PGlite;
  if (target.kind === 'pglite') {
    mkdirSync(target.dataDir, { recursive: true });
    client = await PGlite.create(target.dataDir);
  } else {
    client = await PGlite.create(target.loadDataDir ? { loadDataDir: target.loadDataDir } : {});
  }
  const db: Database = drizzlePglite({ client, schema });
  return {
    db,
    driver: 'pglite',
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    // One process owns an embedded database; there is nobody to wait for.
    withStartupLock: (fn) => fn(),
    dumpDataDir: () => client.dumpDataDir('none'),
    close: async () => {
      if (!client.closed) await client.close();
    },
  };
}

async function openPostgres(
  url: string,
  poolSize: number | undefined,
  timeouts: PostgresTimeouts,
): Promise<DatabaseHandle> {
  const connection = {
    connectionString: url,
    connectionTimeoutMillis: timeouts.connectMs,
    // A server that vanished without a word (host gone) is noticed on an idle connection too.
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
  };
  const pool = new pg.Pool({
    ...connection,
    max: poolSize ?? 10,
    statement_timeout: timeouts.statementMs,
    idle_in_transaction_session_timeout: timeouts.idleInTransactionMs,
  });
  guardPool(pool, timeouts.queryMs);
  // An idle client that loses its server must not crash the process; the next query reports it.
  pool.on('error', () => undefined);
  const db: Database = drizzleNodePg({ client: pool, schema });
  let closed = false;
  return {
    db,
    driver: 'postgres',
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    // A connection of its own, without the statement timeout: waiting for another instance to finish
    // migrating and seeding may rightly take longer. If that instance dies, its lock goes with its session.
    withStartupLock: async (fn) => {
      const lockClient = new pg.Client(connection);
      lockClient.on('error', () => undefined);
      await lockClient.connect();
      try {
        await lockClient.query('select pg_advisory_lock($1)', [STARTUP_LOCK_KEY]);
        try {
          return await fn();
        } finally {
          await lockClient.query('select pg_advisory_unlock($1)', [STARTUP_LOCK_KEY]);
        }
      } finally {
        await lockClient.end();
      }
    },
    close: async () => {
      if (closed) return;
      closed = true;
      await pool.end();
    },
  };
}
