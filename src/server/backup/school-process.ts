// The embedded database's school process on a DATA_DIR: its pid file, and the backup it writes of itself
// when asked (backup.ts), since nobody else may open its data folder while it runs. The pid file holds the
// process's start time too (Linux), so a pid reused by another program is never signalled.
import { existsSync, readFileSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const SCHOOL_PID = 'school.pid';
const REQUEST_PREFIX = 'backup-request-';

/** The request file of one backup command, by its own pid: two at once do not overwrite each other. */
export const backupRequestFile = (dataDir: string) =>
  join(dataDir, `${REQUEST_PREFIX}${process.pid}.json`);

/** A process's start time in clock ticks since boot (Linux), or '' where /proc is not there. */
function startTime(pid: number): string {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The fields after the command's name (which may hold spaces) start after its closing parenthesis.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? '';
  } catch {
    return '';
  }
}

export function writePidFile(file: string): void {
  writeFileSync(file, `${process.pid} ${startTime(process.pid)}\n`);
}

/** Only our own: a process started later over the same DATA_DIR has written its pid since. */
export function removePidFile(file: string): void {
  try {
    if (readFileSync(file, 'utf8').split(' ')[0]?.trim() === String(process.pid)) rmSync(file);
  } catch {
    // Already gone.
  }
}

/** The pid in a pid file when that very process still runs, or null. */
export function alivePid(file: string): number | null {
  if (!existsSync(file)) return null;
  const [pidText = '', started = ''] = readFileSync(file, 'utf8').trim().split(' ');
  const pid = Number(pidText);
  if (!Number.isInteger(pid) || pid <= 0) return null;
  try {
    process.kill(pid, 0);
  } catch {
    return null;
  }
  return started === '' || startTime(pid) === started ? pid : null;
}

export const aliveSchool = (dataDir: string) => alivePid(join(dataDir, SCHOOL_PID));

/**
 * main.ts on the embedded database, before it opens the folder: says who it is, and answers SIGUSR2 with a
 * dump of its data folder once the database is open (`dump` waits for that).
 */
export function serveEmbeddedBackups(
  dataDir: string,
  dump: () => Promise<Blob>,
  onError: (error: unknown) => void,
): void {
  const pidFile = join(dataDir, SCHOOL_PID);
  writePidFile(pidFile);
  process.on('exit', () => removePidFile(pidFile));
  process.on('SIGUSR2', () => {
    const requests = readdirSync(dataDir).filter(
      (name) => name.startsWith(REQUEST_PREFIX) && name.endsWith('.json'),
    );
    for (const name of requests) {
      const request = join(dataDir, name);
      void (async () => {
        const { path } = JSON.parse(readFileSync(request, 'utf8')) as { path: string };
        rmSync(request, { force: true });
        const blob = await dump();
        // Written aside and renamed: the waiting backup sees the whole file or none.
        writeFileSync(`${path}.part`, Buffer.from(await blob.arrayBuffer()));
        renameSync(`${path}.part`, path);
      })().catch(onError);
    }
  });
}
