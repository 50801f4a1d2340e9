// A backup of a school's database and media folder restores into an empty place with every table's rows
// the same (count and a checksum of the rows), on the embedded database — taken from a stopped school and
// from one running — and on PostgreSQL; a target that holds data is refused unless told --force.
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import type { Config } from '../config';
import { openDatabase, type DatabaseHandle } from '../db/client';
import { defaultSeedContent } from '../db/seed/default-content';
import { prepareDatabase } from '../startup';
import { fillEveryTable } from '../testing/fill-every-table';
import { testConfig } from '../testing/test-app';
import { takeBackup } from './backup';
import { RestoreRefused, restoreBackup } from './restore';
import { serveEmbeddedBackups } from './school-process';

const silent = pino({ level: 'silent' });
const made: string[] = [];
const folder = () => {
  const dir = mkdtempSync(join(tmpdir(), 'school-backup-test-'));
  made.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

/** Every table's row count and the MD5 of its rows in a fixed order. */
async function fingerprint(handle: DatabaseHandle): Promise<Record<string, string>> {
  const tables = (await handle.db.execute(sql`
    select table_schema as schema, table_name as name from information_schema.tables
    where table_schema in ('public', 'drizzle') and table_type = 'BASE TABLE'
    order by 1, 2`)) as unknown as { rows: { schema: string; name: string }[] };
  const out: Record<string, string> = {};
  for (const { schema, name } of tables.rows) {
    const table = sql`${sql.identifier(schema)}.${sql.identifier(name)}`;
    const result = (await handle.db.execute(sql`
      select count(*)::int as n, md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as sum
      from ${table} t`)) as unknown as { rows: { n: number; sum: string }[] };
    const row = result.rows[0];
    out[`${schema}.${name}`] = `${row?.n ?? 0}:${row?.sum ?? ''}`;
  }
  return out;
}

/** The tables of the school (the migrations' own bookkeeping aside) that hold no row. */
const emptyIn = (print: Record<string, string>) =>
  Object.entries(print)
    .filter(([name, value]) => name.startsWith('public.') && value.startsWith('0:'))
    .map(([name]) => name);

/** A school's data folder as `npm start` leaves it: migrated, seeded, the demo family, a lesson video. */
async function school(config: Config): Promise<DatabaseHandle> {
  const handle = await prepareDatabase({ config, logger: silent, seed: defaultSeedContent });
  // Every kind of row: the tables the seed leaves empty get one each.
  expect(await fillEveryTable(handle.db)).toEqual([]);
  mkdirSync(join(config.dataDir, 'media', 'lessons'), { recursive: true });
  writeFileSync(join(config.dataDir, 'media', 'lessons', 'урок-1.mp4'), Buffer.alloc(70_000, 7));
  return handle;
}

describe('backups of the embedded database', () => {
  it('restore a stopped school’s data and media, and refuse a folder that holds data', async () => {
    const from = testConfig({ DATA_DIR: folder() });
    const handle = await school(from);
    const before = await fingerprint(handle);
    await handle.close();
    expect(emptyIn(before)).toEqual([]);

    const file = join(folder(), 'school.tar.gz');
    const manifest = await takeBackup(from, file);
    expect(manifest).toMatchObject({ database: 'pglite', media: true });
    expect(manifest.migrations).toBeGreaterThan(15);

    const into = testConfig({ DATA_DIR: folder() });
    await restoreBackup(into, file, { force: false });
    const restored = await openDatabase({ kind: 'pglite', dataDir: join(into.dataDir, 'db') });
    expect(await fingerprint(restored)).toEqual(before);
    await restored.close();
    expect(readFileSync(join(into.dataDir, 'media', 'lessons', 'урок-1.mp4'))).toEqual(
      Buffer.alloc(70_000, 7),
    );

    await expect(restoreBackup(into, file, { force: false })).rejects.toBeInstanceOf(
      RestoreRefused,
    );
    await restoreBackup(into, file, { force: true });
    expect(
      readdirSync(into.dataDir).filter((name) => name.includes('before-restore')),
    ).toHaveLength(2);
  }, 120_000);

  it('take a running school’s database from the school itself', async () => {
    const from = testConfig({ DATA_DIR: folder() });
    const handle = await school(from);
    const dump = handle.dumpDataDir;
    if (!dump) throw new Error('no dump');
    serveEmbeddedBackups(from.dataDir, dump, (error) => {
      throw error;
    });
    const file = join(folder(), 'running.tar.gz');
    await takeBackup(from, file);
    const before = await fingerprint(handle);
    await handle.close();

    const into = testConfig({ DATA_DIR: folder() });
    await restoreBackup(into, file, { force: false });
    const restored = await openDatabase({ kind: 'pglite', dataDir: join(into.dataDir, 'db') });
    expect(await fingerprint(restored)).toEqual(before);
    await restored.close();
  }, 120_000);
});

const SERVER = process.env.TEST_DATABASE_URL;

describe.skipIf(!SERVER)('backups of PostgreSQL', () => {
  const names = [`t_backup_a_${Date.now()}`, `t_backup_b_${Date.now()}`];
  const urlOf = (name: string) => {
    const url = new URL(SERVER ?? '');
    url.pathname = `/${name}`;
    return url.toString();
  };
  const admin = async (text: string) => {
    const client = new pg.Client({ connectionString: SERVER });
    await client.connect();
    try {
      await client.query(text);
    } finally {
      await client.end();
    }
  };
  afterAll(async () => {
    for (const name of names) await admin(`drop database if exists "${name}" with (force)`);
  });

  it('restore into an empty database with every row the same, and refuse a full one', async () => {
    for (const name of names) await admin(`create database "${name}"`);
    const [a = '', b = ''] = names.map(urlOf);
    const from = testConfig({ DATA_DIR: folder(), DATABASE_URL: a });
    const handle = await school(from);
    const before = await fingerprint(handle);
    await handle.close();
    expect(emptyIn(before)).toEqual([]);

    const file = join(folder(), 'school.tar.gz');
    expect(await takeBackup(from, file)).toMatchObject({ database: 'postgres', media: true });

    const into = testConfig({ DATA_DIR: folder(), DATABASE_URL: b });
    await restoreBackup(into, file, { force: false });
    const restored = await openDatabase({ kind: 'postgres', url: b });
    expect(await fingerprint(restored)).toEqual(before);
    await restored.close();
    await expect(restoreBackup(from, file, { force: false })).rejects.toBeInstanceOf(
      RestoreRefused,
    );
    // A table newer than the backup does not survive beside the backup's older record of migrations.
    const newer = await openDatabase({ kind: 'postgres', url: b });
    await newer.db.execute(sql`create table newer_than_the_backup (id int)`);
    await newer.close();
    await restoreBackup(into, file, { force: true });
    const again = await openDatabase({ kind: 'postgres', url: b });
    expect(await fingerprint(again)).toEqual(before);
    await again.close();
  }, 120_000);

  it('never shows the database password when pg_dump fails', async () => {
    const url = new URL(SERVER ?? '');
    url.username = 'nobody_here';
    url.password = 'the-secret-password-42';
    url.pathname = '/no_such_database';
    const config = testConfig({ DATA_DIR: folder(), DATABASE_URL: url.toString() });
    const failure = await takeBackup(config, join(folder(), 'x.tar.gz')).then(
      () => 'no failure',
      (error: unknown) => String(error),
    );
    expect(failure).toContain('pg_dump failed');
    expect(failure).not.toContain('the-secret-password-42');
  });
});
