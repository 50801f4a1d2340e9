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
import * as schema from './schema/index';

export type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

export type DatabaseTarget =
  | { kind: 'postgres'; url: string; poolSize?: number }
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
  if (target.kind === 'postgres') return openPostgres(target.url, target.poolSize);
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

async function openPostgres(url: string, poolSize = 10): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
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
    withStartupLock: async (fn) => {
      const lockClient = await pool.connect();
      try {
        await lockClient.query('select pg_advisory_lock($1)', [STARTUP_LOCK_KEY]);
        try {
          return await fn();
        } finally {
          await lockClient.query('select pg_advisory_unlock($1)', [STARTUP_LOCK_KEY]);
        }
      } finally {
        lockClient.release();
      }
    },
    close: async () => {
      if (closed) return;
      closed = true;
      await pool.end();
    },
  };
}
