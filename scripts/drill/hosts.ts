// The drill's school hosts: `src/server/cluster.ts` (one worker) started inside each host's namespace with
// the same database, Redis and public address, as deploy/systemd/school.service starts it on a machine.
import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { BALANCER_ADDRESS, hostSide, namespaceOf, processesOf, type HostNumber } from './network';

const READY_LINE = 'Школа Умняшек:';
export const SCHOOL_PORT = 3000;

export interface HostOptions {
  root: string;
  database: string;
  certificate: string;
}

export interface SchoolHost {
  readonly n: HostNumber;
  /** Everything the host printed since the drill began (every start). */
  output(): string;
  start(): Promise<void>;
  /** SIGKILL to every process in the namespace: the host's processes die without a word. */
  kill(): Promise<void>;
  /** SIGHUP to the primary, then waits for its rolling restart to finish. */
  roll(): Promise<void>;
  stop(): Promise<void>;
}

export function schoolHost(n: HostNumber, options: HostOptions): SchoolHost {
  const dataDir = join(options.root, `host-${n}`);
  mkdirSync(dataDir, { recursive: true });
  const log = createWriteStream(join(options.root, `host-${n}.log`), { flags: 'a' });
  let text = '';
  let child: ChildProcess | null = null;

  const env = {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    HOME: process.env.HOME ?? '/root',
    NODE_ENV: 'development',
    DEMO: 'true',
    INSTANCES: '1',
    HOST: '0.0.0.0',
    PORT: String(SCHOOL_PORT),
    PUBLIC_URL: `https://${BALANCER_ADDRESS}`,
    // HAProxy's wires reach the host from this side of its cable; HAProxy's X-Forwarded-For names the
    // drill's parents at 127.0.0.1 after the address of their own each sends, as behind one balancer.
    TRUST_PROXY: '10.200.0.0/16,127.0.0.1',
    DATABASE_URL: `postgres://postgres@${hostSide(n)}:5432/${options.database}`,
    REDIS_URL: `redis://${hostSide(n)}:6379`,
    DATA_DIR: dataDir,
    TRANSCODE_CONCURRENCY: '0',
    ADMIN_PASSWORD: 'Drill-admin-password-2026',
    LOG_LEVEL: 'info',
    // The sandbox bank is reached through HAProxy's TLS, with the drill's own certificate.
    NODE_EXTRA_CA_CERTS: options.certificate,
  };

  const output = () => text;
  const seen = (line: string) => text.split(line).length - 1;

  async function until(done: () => boolean, what: string, ms: number): Promise<void> {
    const deadline = Date.now() + ms;
    while (!done()) {
      if (Date.now() > deadline) {
        throw new Error(
          `host ${n}: ${what} did not happen in ${ms / 1000} s:\n${text.slice(-3000)}`,
        );
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  return {
    n,
    output,
    async start() {
      const before = seen(READY_LINE);
      child = spawn(
        'ip',
        [
          'netns',
          'exec',
          namespaceOf(n),
          process.execPath,
          '--import',
          'tsx',
          'src/server/cluster.ts',
        ],
        { env, stdio: ['ignore', 'pipe', 'pipe'] },
      );
      const keep = (chunk: Buffer) => {
        text += chunk.toString();
        log.write(chunk);
      };
      child.stdout?.on('data', keep);
      child.stderr?.on('data', keep);
      const started = child;
      const exited = () => started.exitCode !== null || started.signalCode !== null;
      await until(() => seen(READY_LINE) > before || exited(), 'the start', 180_000);
      if (exited()) throw new Error(`host ${n} exited:\n${text.slice(-3000)}`);
    },
    async kill() {
      for (const pid of await processesOf(n)) {
        try {
          process.kill(pid, 'SIGKILL');
        } catch {
          // Already gone.
        }
      }
      const dying = child;
      if (dying && dying.exitCode === null && dying.signalCode === null) {
        await new Promise((resolve) => dying.once('exit', resolve));
      }
      child = null;
    },
    async roll() {
      if (!child?.pid) throw new Error(`host ${n} is not running`);
      const before = seen('rolling restart done');
      process.kill(child.pid, 'SIGHUP');
      await until(() => seen('rolling restart done') > before, 'the rolling restart', 120_000);
    },
    async stop() {
      const running = child;
      if (!running || running.exitCode !== null || running.signalCode !== null) return;
      const gone = new Promise((resolve) => running.once('exit', resolve));
      running.kill('SIGTERM');
      const timer = setTimeout(() => running.kill('SIGKILL'), 15_000);
      await gone;
      clearTimeout(timer);
      child = null;
    },
  };
}
