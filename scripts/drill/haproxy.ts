// HAProxy for the drill: deploy/haproxy/haproxy.cfg as shipped, with only what is machine-specific
// replaced — the certificate, the error pages' folder, the addresses it listens on and the machines.
import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, readFileSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';

const ROOT = join(import.meta.dirname, '..', '..');
export const DEPLOYED_HAPROXY = join(ROOT, 'deploy', 'haproxy', 'haproxy.cfg');
const DEPLOYED_ERRORS = join(ROOT, 'deploy', 'haproxy', 'errors');
const SHIPPED_SERVER = /^(\s*server school(\d) )10\.0\.0\.1\d:3000( .*)$/gm;

export interface Localised {
  certificate: string;
  /** Where the frontend listens instead of every address (`bind :80`, `bind :443`). */
  listen?: string;
  /** The machines' addresses, `host:port`, in the order of school1, school2, school3. */
  servers?: string[];
  /** A stats socket to ask which machines HAProxy counts as up (the drill's addition). */
  statsSocket?: string;
}

/** The shipped configuration with this machine's paths and addresses. */
export function localHaproxyConfig(options: Localised): string {
  let text = readFileSync(DEPLOYED_HAPROXY, 'utf8')
    .replace('/etc/haproxy/certs/school.pem', options.certificate)
    .replaceAll('/etc/haproxy/errors/school', DEPLOYED_ERRORS);
  if (options.listen !== undefined) {
    text = text
      .replace('bind :80\n', `bind ${options.listen}:80\n`)
      .replace('bind :443 ', `bind ${options.listen}:443 `);
  }
  if (options.statsSocket !== undefined) {
    text = text.replace(
      'global\n',
      `global\n    stats socket ${options.statsSocket} mode 600 level user\n`,
    );
  }
  const { servers } = options;
  if (servers !== undefined) {
    text = text.replace(SHIPPED_SERVER, (_line, head: string, n: string, tail: string) => {
      const address = servers[Number(n) - 1];
      if (address === undefined) throw new Error(`no address for school${n}`);
      return `${head}${address}${tail}`;
    });
  }
  return text;
}

export interface Balancer {
  output(): string;
  /** Waits until HAProxy counts every machine of `schools` (the ready list) up again. */
  allReady(timeoutMs?: number): Promise<void>;
  stop(): Promise<void>;
}

/** `show stat` on the stats socket: each server of the ready list and its state (UP, DOWN, …). */
function readyStates(socketPath: string): Promise<Map<string, string>> {
  return new Promise((resolve, reject) => {
    const socket = connect(socketPath);
    let text = '';
    socket.on('data', (chunk: Buffer) => (text += chunk.toString()));
    socket.on('error', reject);
    socket.on('end', () => {
      const [header = '', ...rows] = text.replace(/^# /u, '').split('\n');
      const columns = header.split(',');
      const at = (name: string) => columns.indexOf(name);
      const states = new Map<string, string>();
      for (const row of rows.map((r) => r.split(','))) {
        if (row[at('pxname')] === 'schools' && /^school\d$/u.test(row[at('svname')] ?? '')) {
          states.set(row[at('svname')] ?? '', row[at('status')] ?? '');
        }
      }
      resolve(states);
    });
    socket.end('show stat\n');
  });
}

const accepts = (host: string, port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect(port, host);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

export async function startHaproxy(
  folder: string,
  options: Localised & { listen: string },
): Promise<Balancer> {
  const cfg = join(folder, 'haproxy.cfg');
  const statsSocket = join(folder, 'haproxy.sock');
  writeFileSync(cfg, localHaproxyConfig({ ...options, statsSocket }));
  let text = '';
  const child: ChildProcess = spawn('haproxy', ['-db', '-f', cfg], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const log = createWriteStream(join(folder, 'haproxy.log'));
  const keep = (chunk: Buffer) => {
    text += chunk.toString();
    log.write(chunk);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const deadline = Date.now() + 10_000;
  while (!(await accepts(options.listen, 443))) {
    if (child.exitCode !== null || child.signalCode !== null || Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`HAProxy did not start:\n${text}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    output: () => text,
    async allReady(timeoutMs = 60_000) {
      const until = Date.now() + timeoutMs;
      for (;;) {
        const states = await readyStates(statsSocket);
        if (states.size === 3 && [...states.values()].every((state) => state === 'UP')) return;
        if (Date.now() > until) {
          throw new Error(
            `HAProxy does not count every machine ready: ${JSON.stringify([...states])}`,
          );
        }
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const gone = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await gone;
    },
  };
}
