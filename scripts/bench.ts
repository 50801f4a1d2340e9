// `npm run bench`: the school's hot read paths under load, measured, not guessed. Starts the real app
// in-process on a fresh embedded database (or BENCH_DATABASE_URL), seeds it, and drives each path with
// autocannon over loopback for a few seconds. Prints requests/s and latency percentiles, then the landing's
// JavaScript as Chromium downloads it from this server (needs `npm run build` and Chromium; the same
// figure e2e/budget.e2e.ts holds to the budget). The numbers seen are kept in docs/PERFORMANCE.md. A
// benchmark, not a test: it never fails on a number.
//
// BENCH_FAMILIES (default 1000) families are written before the run (scripts/bench-families.ts), and the
// lessons page and the progress of one of them are measured: compare 1000 with 100000 to see that a
// family's reads do not grow with the number of families. BENCH_ONLY=learning measures those two alone.
import autocannon from 'autocannon';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { defaultSeedContent } from '../src/server/db/seed/default-content';
import { createLogger } from '../src/server/logger';
import { prepareDatabase } from '../src/server/startup';
import { launchBrowser } from '../e2e/support/browser';
import { seedBenchFamilies } from './bench-families';
import { describeWeight, measureLandingJs } from './landing-js-weight';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const FAMILIES = Number(process.env.BENCH_FAMILIES ?? 1000);
const ONLY_LEARNING = process.env.BENCH_ONLY === 'learning';

const PUBLIC_PATHS = [
  '/api/health',
  '/api/landing-data',
  '/api/store/web/subscriptions',
  '/api/store/web/gifts?page=1',
  '/api/regions',
  '/api/page/faq',
  '/',
];

interface Result {
  requests: { average: number };
  latency: { p50: number; p99: number };
  non2xx: number;
  errors: number;
}

const dataDir = mkdtempSync(join(tmpdir(), 'umnyashki-bench-'));
const config = loadConfig({
  ...process.env,
  NODE_ENV: 'development',
  DATA_DIR: dataDir,
  DATABASE_URL: process.env.BENCH_DATABASE_URL ?? '',
  PORT: '0',
});
const logger = createLogger({ level: 'warn' });
const handle = await prepareDatabase({ config, logger, seed: defaultSeedContent });
const seedStarted = performance.now();
const family = await seedBenchFamilies(handle.db, FAMILIES);
const seedSeconds = ((performance.now() - seedStarted) / 1000).toFixed(1);
const signedIn = { authorization: `Bearer ${family.token}` };
const PATHS: { path: string; headers?: Record<string, string> }[] = [
  ...(ONLY_LEARNING ? [] : PUBLIC_PATHS.map((path) => ({ path }))),
  { path: `/api/profile/lessons?child_id=${family.childId}`, headers: signedIn },
  { path: `/api/profile/progress?child_id=${family.childId}`, headers: signedIn },
];
const app = await buildApp({ config, db: handle.db, logger });
const address = await app.listen({ port: 0, host: '127.0.0.1' });

console.log(
  `${config.databaseUrl ? 'PostgreSQL' : 'PGlite'}, ${FAMILIES} families (written in ${seedSeconds} s), ` +
    `${CONNECTIONS} connections, ${SECONDS} s per path`,
);
console.log(
  'path'.padEnd(34),
  'req/s'.padStart(8),
  'p50 ms'.padStart(8),
  'p99 ms'.padStart(8),
  'non-2xx',
);
for (const { path, headers } of PATHS) {
  const result = (await autocannon({
    url: `${address}${path}`,
    connections: CONNECTIONS,
    duration: SECONDS,
    headers: { 'accept-encoding': 'gzip', ...headers },
  })) as Result;
  console.log(
    path.replace(/child_id=\d+/, 'child_id=…').padEnd(34),
    result.requests.average.toFixed(0).padStart(8),
    String(result.latency.p50).padStart(8),
    String(result.latency.p99).padStart(8),
    String(result.non2xx + result.errors).padStart(8),
  );
}

if (ONLY_LEARNING) {
  // The landing's weight is not what this run is about.
} else if (existsSync('dist/web/index.html')) {
  const browser = await launchBrowser().catch((error: unknown) => {
    console.log(`Landing JS not measured: no Chromium (${String(error).split('\n')[0]})`);
    return null;
  });
  if (browser) {
    try {
      console.log(describeWeight(await measureLandingJs(browser, address)));
    } finally {
      await browser.close();
    }
  }
} else {
  console.log('Landing JS not measured: run `npm run build` first');
}

await app.close();
await handle.close();
rmSync(dataDir, { recursive: true, force: true });
