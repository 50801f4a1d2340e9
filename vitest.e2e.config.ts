import { defineConfig } from 'vitest/config';

// Browser journeys: the built app in one server process, driven by system Chromium.
export default defineConfig({
  test: {
    include: ['e2e/**/*.e2e.ts'],
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 120_000,
    fileParallelism: false,
    maxConcurrency: 3,
    globalSetup: ['e2e/global-setup.ts'],
  },
});
