// Development: the API server (restarting on change) and Vite's dev server with its /api proxy, together.
// Open http://localhost:5173; the API stays on PORT (3000).
import { spawn, type ChildProcess } from 'node:child_process';

const children: ChildProcess[] = [
  spawn('npx', ['tsx', 'watch', 'src/server/main.ts'], { stdio: 'inherit' }),
  spawn('npx', ['vite'], { stdio: 'inherit' }),
];

const stop = (): void => {
  for (const child of children) child.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) child.on('exit', stop);
