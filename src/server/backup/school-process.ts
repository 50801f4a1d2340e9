// The embedded database's school process on a DATA_DIR: its pid file, and the backup it writes of itself
// when asked (backup.ts), since nobody else may open its data folder while it runs.
import { existsSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const SCHOOL_PID = 'school.pid';
export const BACKUP_REQUEST = 'backup-request.json';

export function aliveSchool(dataDir: string): number | null {
  const file = join(dataDir, SCHOOL_PID);
  if (!existsSync(file)) return null;
  const pid = Number(readFileSync(file, 'utf8').trim());
  if (!Number.isInteger(pid) || pid <= 0) return null;
  try {
    process.kill(pid, 0);
    return pid;
  } catch {
    return null;
  }
}

/** main.ts on the embedded database: says who it is, and answers SIGUSR2 with a dump of its data folder. */
export function serveEmbeddedBackups(
  dataDir: string,
  dump: () => Promise<Blob>,
  onError: (error: unknown) => void,
): void {
  writeFileSync(join(dataDir, SCHOOL_PID), `${process.pid}\n`);
  process.on('exit', () => {
    try {
      if (readFileSync(join(dataDir, SCHOOL_PID), 'utf8').trim() === String(process.pid)) {
        rmSync(join(dataDir, SCHOOL_PID));
      }
    } catch {
      // Already gone.
    }
  });
  process.on('SIGUSR2', () => {
    const request = join(dataDir, BACKUP_REQUEST);
    void (async () => {
      const { path } = JSON.parse(readFileSync(request, 'utf8')) as { path: string };
      rmSync(request, { force: true });
      const blob = await dump();
      // Written aside and renamed: the waiting backup sees the whole file or none.
      writeFileSync(`${path}.part`, Buffer.from(await blob.arrayBuffer()));
      renameSync(`${path}.part`, path);
    })().catch(onError);
  });
}
