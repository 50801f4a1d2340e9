// The processes `npm run bench` measures: the school (main.ts for one instance, cluster.ts for several)
// and the bare-Fastify anchors, each started as the operator would start it, in processes of their own,
// so the load generator in the bench's process never shares an event loop with what it measures.
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';

export interface Served {
  url: string;
  stop(): Promise<void>;
}

/** A port free right now (the OS picks it), for a process that will listen on it itself. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

const READY_TIMEOUT_MS = 180_000;

/**
 * Starts `script` under the same TypeScript loader as the bench (tsx passes it in execArgv, and cluster
 * workers inherit it) and resolves once `readyLine` has been printed `times` times — once per worker.
 */
export async function startProcess(options: {
  script: string;
  env: Record<string, string | undefined>;
  port: number;
  readyLine: string;
  times: number;
}): Promise<Served> {
  const child: ChildProcess = spawn(process.execPath, [...process.execArgv, options.script], {
    env: options.env as NodeJS.ProcessEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  let seen = 0;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      reject(new Error(`${options.script} did not start in time:\n${output.slice(-2000)}`));
    }, READY_TIMEOUT_MS);
    const onData = (chunk: Buffer) => {
      const text = chunk.toString();
      output = (output + text).slice(-20_000);
      seen += text.split(options.readyLine).length - 1;
      if (seen >= options.times) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (chunk: Buffer) => {
      output = (output + chunk.toString()).slice(-20_000);
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(
        new Error(
          `${options.script} exited (${code}) before it was ready:\n${output.slice(-2000)}`,
        ),
      );
    });
  });
  // Warnings and errors the processes log while measured are worth seeing; info lines are not printed.
  child.stdout?.removeAllListeners('data');
  child.stdout?.on('data', (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  });
  let stopping = false;
  child.once('exit', (code, signal) => {
    if (!stopping) {
      console.error(
        `${options.script} exited (${code ?? signal}) while measured:\n${output.slice(-4000)}`,
      );
    }
  });
  child.stderr?.removeAllListeners('data');
  // Once each: a warning repeated on every request would bury the tables.
  const said = new Set<string>();
  child.stderr?.on('data', (chunk: Buffer) => {
    for (const line of chunk.toString().split('\n')) {
      if (line.trim() === '' || said.has(line)) continue;
      said.add(line);
      process.stderr.write(`${line}\n`);
    }
  });
  return {
    url: `http://127.0.0.1:${options.port}`,
    stop: async () => {
      stopping = true;
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
      await exited;
      clearTimeout(timer);
    },
  };
}
