// The shared services the drill stops and starts on this machine: PostgreSQL (Debian's cluster, restarted
// with pg_ctlcluster) and Redis (shut down, then started again with the settings it ran with).
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

export function postgresVersion(): string {
  const [version] = readdirSync('/etc/postgresql');
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

async function redisSetting(name: string): Promise<string> {
  const { stdout } = await run('redis-cli', ['-p', '6379', 'config', 'get', name]);
  return stdout.trim().split('\n')[1] ?? '';
}

/** How Redis ran before the drill stopped it: where it works and logs. */
let stopped: { dir: string; logfile: string } | null = null;

/** Shuts Redis down (it keeps nothing on disk here); `startRedis` brings it back as it was. */
export async function stopRedis(): Promise<void> {
  stopped = { dir: await redisSetting('dir'), logfile: await redisSetting('logfile') };
  await run('redis-cli', ['-p', '6379', 'shutdown', 'nosave']).catch(() => undefined);
  await until(6379, false, 'Redis');
}

/** Starts the Redis the drill stopped, if it is not running. */
export async function startRedis(): Promise<void> {
  if (stopped === null || (await answers(6379))) return;
  const args = ['--daemonize', 'yes', '--bind', '127.0.0.1', '-::1', '--port', '6379'];
  args.push('--save', '', '--appendonly', 'no', '--dir', stopped.dir);
  if (stopped.logfile !== '') args.push('--logfile', stopped.logfile);
  await run('redis-server', args);
  await until(6379, true, 'Redis');
}
