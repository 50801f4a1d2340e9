// `npm run restore -- FILE [--force]` (docs/OPERATIONS.md «Backups»). Into an empty target only, unless
// told --force: PostgreSQL with no tables of its own, an embedded data folder and a media folder that hold
// nothing. With --force PostgreSQL's schemas are emptied and filled in one transaction; the embedded and
// media folders are moved aside (`…before-restore-<time>`), never deleted. The school must be stopped.
import { PGlite } from '@electric-sql/pglite';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { Config } from '../config';
import { openDatabase } from '../db/client';
import { MEDIA, holdsSomething, postgresEnv, run, unpackArchive, type Manifest } from './archive';
import { aliveSchool } from './school-process';

export class RestoreRefused extends Error {}

async function postgresHoldsData(url: string): Promise<boolean> {
  const handle = await openDatabase({ kind: 'postgres', url, poolSize: 1 });
  try {
    const result = await handle.db.execute(
      sql`select count(*)::int as n from information_schema.tables
          where table_schema in ('public', 'drizzle')`,
    );
    return Number(((result as { rows: { n: number }[] }).rows[0] ?? { n: 0 }).n) > 0;
  } finally {
    await handle.close();
  }
}

function moveAside(dir: string, stamp: string): void {
  if (existsSync(dir)) renameSync(dir, `${dir}.before-restore-${stamp}`);
}

export async function restoreBackup(
  config: Config,
  file: string,
  { force }: { force: boolean },
): Promise<Manifest> {
  const unpacked = mkdtempSync(join(tmpdir(), 'school-restore-'));
  try {
    const manifest = await unpackArchive(file, unpacked);
    const postgres = config.databaseUrl !== null;
    if (postgres !== (manifest.database === 'postgres')) {
      throw new RestoreRefused(
        `${file} holds a ${manifest.database === 'postgres' ? 'PostgreSQL' : 'embedded'} database; ` +
          `this configuration uses ${postgres ? 'PostgreSQL (DATABASE_URL)' : 'the embedded one'}`,
      );
    }
    const dbDir = join(config.dataDir, 'db');
    const mediaDir = join(config.dataDir, MEDIA);
    if (!postgres && aliveSchool(config.dataDir) !== null) {
      throw new RestoreRefused('the school is running on this DATA_DIR: stop it first');
    }
    const full = postgres
      ? await postgresHoldsData(config.databaseUrl ?? '')
      : holdsSomething(dbDir);
    if (!force && (full || (manifest.media && holdsSomething(mediaDir)))) {
      throw new RestoreRefused(
        'the target is not empty (the database or the media folder holds data): add --force to replace it',
      );
    }
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    const dump = join(unpacked, manifest.databaseFile);
    if (postgres) {
      const url = config.databaseUrl ?? '';
      // One transaction: a restore that fails leaves the database as it was. --force empties the school's
      // schemas first, so tables newer than the backup do not survive beside its older migrations' record.
      const reset = full
        ? 'drop schema if exists drizzle cascade; drop schema public cascade; create schema public;'
        : '';
      const script = join(unpacked, 'restore.sql');
      await run('pg_restore', ['--no-owner', '--file', script, dump]);
      writeFileSync(script, `${reset}\n${readFileSync(script, 'utf8')}`);
      await run(
        'psql',
        [
          '--no-psqlrc',
          '--quiet',
          '--single-transaction',
          '--set',
          'ON_ERROR_STOP=1',
          '--file',
          script,
        ],
        postgresEnv(url),
      );
    } else {
      // Into a folder beside it first: only a whole restore takes the data folder's place.
      const next = `${dbDir}.restoring-${stamp}`;
      mkdirSync(next, { recursive: true });
      // PGlite writes a dump it is given into the folder it opens.
      const client = await PGlite.create(next, { loadDataDir: new Blob([readFileSync(dump)]) });
      await client.close();
      moveAside(dbDir, stamp);
      renameSync(next, dbDir);
    }
    if (manifest.media) {
      moveAside(mediaDir, stamp);
      cpSync(join(unpacked, MEDIA), mediaDir, { recursive: true });
    }
    return manifest;
  } finally {
    rmSync(unpacked, { recursive: true, force: true });
  }
}
