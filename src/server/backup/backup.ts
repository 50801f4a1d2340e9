// `npm run backup -- FILE` (docs/OPERATIONS.md «Backups»). PostgreSQL: pg_dump's custom format, consistent
// by itself (one snapshot) while the school runs. The embedded database belongs to the process running it:
// a school running on DATA_DIR is asked (SIGUSR2, with the path in a request file) to dump its own data
// folder, which it does between two statements; a stopped one is opened and dumped here.
import { mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { sql } from 'drizzle-orm';
import type { Config } from '../config';
import { openDatabase, databaseTarget } from '../db/client';
import {
  MANIFEST,
  MEDIA,
  holdsSomething,
  packArchive,
  postgresEnv,
  run,
  type Manifest,
} from './archive';
import { aliveSchool, backupRequestFile } from './school-process';

const DUMP_WAIT_MS = 120_000;

async function migrationsIn(config: Config, dumpOf?: Blob): Promise<number> {
  const handle = await openDatabase(
    dumpOf ? { kind: 'memory', loadDataDir: dumpOf } : databaseTarget(config),
  );
  try {
    const result = await handle.db.execute(
      sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
    );
    return Number(((result as { rows: { n: number }[] }).rows[0] ?? { n: 0 }).n);
  } finally {
    await handle.close();
  }
}

/** The embedded database's dump: from the running school, or taken here when it is stopped. */
async function embeddedDump(config: Config, target: string): Promise<void> {
  const pid = aliveSchool(config.dataDir);
  if (pid === null) {
    const handle = await openDatabase(databaseTarget(config));
    try {
      const dump = await handle.dumpDataDir?.();
      if (!dump) throw new Error('the embedded database cannot be dumped');
      writeFileSync(target, Buffer.from(await dump.arrayBuffer()));
    } finally {
      await handle.close();
    }
    return;
  }
  const request = backupRequestFile(config.dataDir);
  writeFileSync(request, JSON.stringify({ path: target }));
  process.kill(pid, 'SIGUSR2');
  const deadline = Date.now() + DUMP_WAIT_MS;
  while (!existsSync(target)) {
    if (Date.now() > deadline) {
      rmSync(request, { force: true });
      throw new Error(`the running school (pid ${pid}) did not write its dump in time`);
    }
    await new Promise((done) => setTimeout(done, 100));
  }
}

export async function takeBackup(config: Config, file: string): Promise<Manifest> {
  const staging = mkdtempSync(join(tmpdir(), 'school-backup-'));
  try {
    const postgres = config.databaseUrl !== null;
    const databaseFile = postgres ? 'database.pgdump' : 'database.tar';
    const target = join(staging, databaseFile);
    if (postgres) {
      await run(
        'pg_dump',
        ['--format=custom', '--no-owner', '--file', target],
        postgresEnv(config.databaseUrl ?? ''),
      );
    } else {
      await embeddedDump(config, target);
    }
    const migrations = postgres
      ? await migrationsIn(config)
      : await migrationsIn(config, new Blob([readFileSync(target)]));
    const manifest: Manifest = {
      format: 1,
      database: postgres ? 'postgres' : 'pglite',
      databaseFile,
      createdAt: new Date().toISOString(),
      migrations,
      media: holdsSomething(join(config.dataDir, MEDIA)),
    };
    writeFileSync(join(staging, MANIFEST), JSON.stringify(manifest, null, 2));
    await packArchive(resolve(file), staging, manifest, config.dataDir);
    if (statSync(resolve(file)).size === 0) throw new Error(`${file} is empty`);
    return manifest;
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}
