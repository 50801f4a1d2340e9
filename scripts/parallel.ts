// Runs npm scripts side by side and prints each one's output whole when it ends, in the order given; exits
// non-zero when any failed. `npm test` runs the type check and the lint this way: each mostly keeps one
// core busy, and side by side on CI's two cores they take the time of the longer one, not of both.
import { spawn } from 'node:child_process';

interface Finished {
  name: string;
  code: number;
  output: string;
  seconds: number;
}

function run(name: string): Promise<Finished> {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '--silent', name], { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('close', (code) =>
      resolve({
        name,
        code: code ?? 1,
        output,
        seconds: Math.round((performance.now() - started) / 1000),
      }),
    );
  });
}

const names = process.argv.slice(2);
if (names.length === 0) {
  console.error('usage: tsx scripts/parallel.ts <npm script>…');
  process.exit(2);
}
const results = await Promise.all(names.map(run));
for (const result of results) {
  console.log(
    `== npm run ${result.name}: ${result.code === 0 ? 'ok' : `failed (${result.code})`} in ${result.seconds} s ==`,
  );
  if (result.output.trim()) console.log(result.output.trimEnd());
}
process.exit(results.every((r) => r.code === 0) ? 0 : 1);
