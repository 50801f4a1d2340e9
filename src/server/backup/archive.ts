// The backup file (docs/OPERATIONS.md «Backups»): a gzipped tar of manifest.json, the database — pg_dump's
// custom format for PostgreSQL, the embedded database's own data-folder dump otherwise — and the local
// media folder, so one file brings back the accounts, the payments and the lessons' videos together.
import { execFile } from 'node:child_process';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';

const execFileAsync = promisify(execFile);

/** A program's run; its failure says the program and its own words, never the arguments it was given. */
export async function run(
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv = process.env,
): Promise<void> {
  try {
    await execFileAsync(command, args, { env, maxBuffer: 16 * 1024 * 1024 });
  } catch (error) {
    const stderr = (error as { stderr?: unknown }).stderr;
    throw new Error(
      `${command} failed: ${typeof stderr === 'string' ? stderr.trim() : 'no message'}`,
    );
  }
}

/**
 * pg_dump and pg_restore reach the database through libpq's variables: the password never appears on a
 * command line (where `ps` shows it) or in an error message.
 */
export function postgresEnv(url: string): NodeJS.ProcessEnv {
  const parsed = new URL(url);
  return {
    ...process.env,
    PGHOST: parsed.hostname,
    PGPORT: parsed.port || '5432',
    PGDATABASE: decodeURIComponent(parsed.pathname.replace(/^\//, '')),
    PGUSER: decodeURIComponent(parsed.username),
    PGPASSWORD: decodeURIComponent(parsed.password),
    ...(parsed.searchParams.get('sslmode')
      ? { PGSSLMODE: parsed.searchParams.get('sslmode') ?? '' }
      : {}),
  };
}

export interface Manifest {
  format: 1;
  database: 'postgres' | 'pglite';
  /** The file in the archive holding the database. */
  databaseFile: string;
  createdAt: string;
  /** Migrations applied in the database when it was taken. */
  migrations: number;
  media: boolean;
}

export const MANIFEST = 'manifest.json';
export const MEDIA = 'media';

/** A folder that exists and holds anything. */
export function holdsSomething(dir: string): boolean {
  return existsSync(dir) && readdirSync(dir).length > 0;
}

export async function packArchive(
  file: string,
  staging: string,
  manifest: Manifest,
  dataDir: string,
): Promise<void> {
  const media = manifest.media ? ['-C', dataDir, MEDIA] : [];
  await run('tar', ['-czf', file, '-C', staging, MANIFEST, manifest.databaseFile, ...media]);
}

export async function unpackArchive(file: string, into: string): Promise<Manifest> {
  await run('tar', ['-xzf', file, '-C', into]);
  const manifest = JSON.parse(readFileSync(join(into, MANIFEST), 'utf8')) as Manifest;
  if (manifest.format !== 1) throw new Error(`${file} is not a backup of this school`);
  return manifest;
}
