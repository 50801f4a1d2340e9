// A database of its own for each test file: in-memory PGlite by default, or a fresh PostgreSQL
// database `t_<random>` on the server of TEST_DATABASE_URL (dropped afterwards), so files run in parallel
// and the same suite proves both drivers.
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase, type Database, type DatabaseHandle } from '../db/client';
import { MIGRATIONS_DIR, migrateDatabase } from '../db/migrate';

export interface TestDatabase {
  handle: DatabaseHandle;
  db: Database;
  /** PostgreSQL only: the address of this file's database (to reach it another way, e.g. a proxy). */
  url?: string;
  /** Empties every table (identities restart), keeping the schema. */
  reset(): Promise<void>;
  close(): Promise<void>;
}

function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function adminQuery(serverUrl: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

const PGLITE_PACKAGE = new URL(
  '../../../node_modules/@electric-sql/pglite/package.json',
  import.meta.url,
);

/**
 * PGlite's initdb takes seconds; loading a dumped, already migrated data directory takes a fraction.
 * The dump is made once per set of migrations and kept in the temp folder, shared by all test files.
 */
async function pgliteTemplate(): Promise<Blob> {
  // A new PGlite may not read an old data directory: its version is part of the key.
  const hash = createHash('sha256').update(readFileSync(PGLITE_PACKAGE));
  for (const file of readdirSync(MIGRATIONS_DIR, { recursive: true }).map(String).sort()) {
    const path = join(MIGRATIONS_DIR, file);
    if (file.endsWith('.sql') || file.endsWith('.json'))
      hash.update(file).update(readFileSync(path));
  }
  const file = join(tmpdir(), `umnyashki-pglite-template-${hash.digest('hex').slice(0, 16)}.tar`);
  if (existsSync(file)) return new Blob([readFileSync(file)]);
  const handle = await openDatabase({ kind: 'memory' });
  await migrateDatabase(handle);
  if (!handle.dumpDataDir) throw new Error('an in-memory database can always be dumped');
  const dump = await handle.dumpDataDir();
  await handle.close();
  // Write then rename: a file running in parallel never reads half a template.
  const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
  renameSync(partial, file);
  return dump;
}

export async function createTestDatabase(): Promise<TestDatabase> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  let handle: DatabaseHandle;
  let drop: () => Promise<void> = async () => undefined;
  let url: string | undefined;
  if (serverUrl) {
    const name = `t_${randomBytes(6).toString('hex')}`;
    await adminQuery(serverUrl, `create database "${name}"`);
    url = databaseUrl(serverUrl, name);
    handle = await openDatabase({ kind: 'postgres', url, poolSize: 4 });
    drop = () => adminQuery(serverUrl, `drop database if exists "${name}" with (force)`);
  } else {
    handle = await openDatabase({ kind: 'memory', loadDataDir: await pgliteTemplate() });
  }
  await migrateDatabase(handle);

  const { rows } = (await handle.db.execute(
    sql`select tablename from pg_tables where schemaname = 'public' order by tablename`,
  )) as unknown as { rows: { tablename: string }[] };
  const tables = rows.map((r) => `"${r.tablename}"`).join(', ');

  return {
    handle,
    db: handle.db,
    url,
    reset: async () => {
      await handle.db.execute(sql.raw(`truncate ${tables} restart identity cascade`));
    },
    close: async () => {
      await handle.close();
      await drop();
    },
  };
}
