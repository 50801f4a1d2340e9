import { defineConfig } from 'vitest/config';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';

export default defineConfig({
  resolve: { alias: { '@contract': fileURLToPath(new URL('./src/contract', import.meta.url)) } },
  test: {
    environment: 'node',
    // A file spends about half its time waiting (on PostgreSQL, a child process, a socket): one worker more
    // than the cores keeps them busy. Vitest's default (cores − 1) ran one file at a time on CI's two cores
    // and took the suite from 10 to 17 minutes.
    maxWorkers: availableParallelism() + 1,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'server',
          include: ['src/**/*.test.{ts,tsx}'],
          exclude: ['src/web/**'],
          // Each file builds its own app over its own database, and nothing here mocks a module: a worker
          // loads the server's modules once instead of once per file (6 minutes of the suite's 10 were
          // imports). The web's files mock modules and keep state in them, so they stay isolated.
          isolate: false,
        },
      },
      { extends: true, test: { name: 'web', include: ['src/web/**/*.test.{ts,tsx}'] } },
    ],
  },
});
