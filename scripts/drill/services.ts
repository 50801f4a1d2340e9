// The shared service the drill restarts on this machine: PostgreSQL (Debian's cluster, with pg_ctlcluster;
// it keeps every committed row). Redis is cut at the hosts' wires instead (faults.ts).
import { execFile } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { createConnection } from 'node:net';
import { promisify } from 'node:util';

// Never the synchronous kind: the drill's own event loop carries the hosts' wires and the parents' load,
// and a blocked loop would freeze the whole school for as long as the command takes.
const run = promisify(execFile);

const answers = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = createConnection(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

async function until(port: number, up: boolean, what: string): Promise<void> {
  const deadline = Date.now() + 30_000;
  while ((await answers(port)) !== up) {
    if (Date.now() > deadline) throw new Error(`${what} did not ${up ? 'start' : 'stop'} in 30 s`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The newest cluster's version under /etc/postgresql (the one listening on 5432 on Debian). */
export function postgresVersion(): string {
  const [version] = readdirSync('/etc/postgresql').sort((a, b) => Number(b) - Number(a));
  if (!version) throw new Error('no PostgreSQL cluster under /etc/postgresql');
  return version;
}

/** Stops and starts the machine's PostgreSQL: every connection is cut, nothing committed is lost. */
export async function restartPostgres(): Promise<void> {
  await run('pg_ctlcluster', ['--skip-systemctl-redirect', postgresVersion(), 'main', 'restart']);
  await until(5432, true, 'PostgreSQL');
}

export async function ensurePostgres(): Promise<void> {
  if (await answers(5432)) return;
  await run('pg_ctlcluster', ['--skip-systemctl-redirect', postgresVersion(), 'main', 'start']);
  await until(5432, true, 'PostgreSQL');
}
