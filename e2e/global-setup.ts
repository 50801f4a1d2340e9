// Starts the built school once for all browser journeys: a fresh embedded database in a temp folder, the
// demo seed, every sandbox. The URL reaches the tests through vitest's provide/inject.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer } from 'node:net';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
  }
}

/** A port nobody listens on now, so a stale server can never answer for ours. */
async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(),
      );
    });
  });
}

async function waitForHealth(url: string, server: ChildProcess, timeoutMs: number): Promise<void> {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if (server.exitCode !== null) throw new Error(`The server exited with code ${server.exitCode}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`The server did not answer /api/health within ${timeoutMs} ms`);
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (!existsSync('dist/web/index.html')) {
    throw new Error('dist/web is missing: run `npm run build` before the browser tests');
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'umnyashki-e2e-'));
  const port = Number(process.env.E2E_PORT ?? (await freePort()));
  const baseUrl = `http://127.0.0.1:${port}`;
  // Node itself, not npx: the stop signal must reach the server, not a wrapper.
  const server = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseUrl,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      // The journeys play the lessons' original files; a fresh database would otherwise transcode every
      // demo video into HLS while they run (E2E_TRANSCODE=1 turns it on).
      TRANSCODE_CONCURRENCY: process.env.E2E_TRANSCODE ?? '0',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const stop = async () => {
    if (server.exitCode === null) {
      server.kill('SIGTERM');
      await new Promise((resolve) => server.once('exit', resolve));
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  // A server that never answered would outlive the run (vitest skips the teardown of a failed setup).
  await waitForHealth(baseUrl, server, 60_000).catch(async (error: unknown) => {
    await stop();
    throw error;
  });
  project.provide('baseUrl', baseUrl);
  return stop;
}
