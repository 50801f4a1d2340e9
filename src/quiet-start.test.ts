// `npm start` prints one line, the school's address (README): its builds, run as it runs them, print
// nothing at the level it asks for. A warning here — a chunk grown too big, a config Vite cannot load as
// written — would greet everyone who starts the school.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const VITE = join(import.meta.dirname, '..', 'node_modules', 'vite', 'bin', 'vite.js');
const out = mkdtempSync(join(tmpdir(), 'umnyashki-start-'));
afterAll(() => rmSync(out, { recursive: true, force: true }));

/** The `vite build …` steps of `npm start`, as package.json has them. */
function startBuilds(): string[][] {
  const pkg = JSON.parse(readFileSync(join(import.meta.dirname, '..', 'package.json'), 'utf8')) as {
    scripts: { start: string };
  };
  return pkg.scripts.start
    .split('&&')
    .map((step) => step.trim().split(/\s+/))
    .filter((words) => words.includes('vite'))
    .map((words) => words.slice(words.indexOf('vite') + 1));
}

function run(args: string[]): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [VITE, ...args], {
      cwd: join(import.meta.dirname, '..'),
      env: { ...process.env, NODE_ENV: 'production' },
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, output }));
  });
}

describe('npm start', () => {
  it('runs the browser build and the server build', () => {
    expect(startBuilds().map((args) => args.filter((a) => a === 'build' || a === '--ssr'))).toEqual(
      [['build'], ['build', '--ssr']],
    );
  });

  it.each(startBuilds().map((args, i) => [args.join(' '), args, i] as const))(
    'vite %s prints nothing',
    async (_, args, i) => {
      // Into a folder of the test's own: the journeys and the running school read dist/.
      const { code, output } = await run([...args, '--outDir', join(out, String(i))]);
      expect(code).toBe(0);
      expect(output.trim()).toBe('');
    },
    180_000,
  );
});
