// The built school in a server process of its own: a fresh embedded database in a temp folder, the demo
// seed, every sandbox — as `npm start` runs it. The journeys share one (e2e/global-setup.ts); a journey that
// needs a school of its own starts another: the server's clock elsewhere (e2e/screen-time.e2e.ts), or
// transcoding on (ladder-school.ts).
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../bench-processes';

export interface SchoolServer {
  baseUrl: string;
  stop: () => Promise<void>;
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

/** A data folder for schools started one after another on the same database and media. */
export const newDataDir = () => mkdtempSync(join(tmpdir(), 'umnyashki-e2e-'));

/**
 * Starts the built school with `env` over the defaults and resolves once it answers its health check. A
 * school on a `dataDir` of the caller's leaves it in place when it stops; otherwise its own is removed.
 */
export async function startSchool(
  env: Record<string, string> = {},
  { port, dataDir: given }: { port?: number; dataDir?: string } = {},
): Promise<SchoolServer> {
  if (!existsSync('dist/web/index.html')) {
    throw new Error('dist/web is missing: run `npm run build` before the browser tests');
  }
  const dataDir = given ?? newDataDir();
  const listenOn = port ?? (await freePort());
  const baseUrl = `http://127.0.0.1:${listenOn}`;
  // Node itself, not npx: the stop signal must reach the server, not a wrapper.
  const server = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(listenOn),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseUrl,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      // The journeys play the lessons' original files; a fresh database would otherwise transcode every
      // demo video into HLS while they run (E2E_TRANSCODE=1 turns it on).
      TRANSCODE_CONCURRENCY: process.env.E2E_TRANSCODE ?? '0',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const stop = async () => {
    if (server.exitCode === null) {
      server.kill('SIGTERM');
      await new Promise((resolve) => server.once('exit', resolve));
    }
    if (!given) rmSync(dataDir, { recursive: true, force: true });
  };
  // A server that never answered would outlive the run (vitest skips the teardown of a failed setup).
  await waitForHealth(baseUrl, server, 60_000).catch(async (error: unknown) => {
    await stop();
    throw error;
  });
  return { baseUrl, stop };
}
