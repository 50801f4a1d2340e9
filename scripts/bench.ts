// `npm run bench`: the school's hot paths under load, measured, not guessed, each beside bare-Fastify
// anchors measured in the same run on the same database. A benchmark, not a test: it never fails on a
// number. How to run it and what was seen: docs/PERFORMANCE.md.
//
// For each family count of BENCH_FAMILIES (default 1000; a list such as 1000,1000000 grows one database
// step by step) the database gets the families it lacks (scripts/bench-families.ts), then the anchors and
// the school are started as processes of their own and driven with autocannon from this one: the public
// reads, and as a family in the middle of the table the sign-in, profile, lessons and progress. With
// BENCH_INSTANCES=N (PostgreSQL only) the last count is measured again on N instances (cluster.ts).
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { existsSync } from 'node:fs';
import type { Database, DatabaseHandle } from '../src/server/db/client';
import { loadConfig } from '../src/server/config';
import { defaultSeedContent } from '../src/server/db/seed/default-content';
import { createLogger } from '../src/server/logger';
import { prepareDatabase } from '../src/server/startup';
import { launchBrowser } from '../e2e/support/browser';
import {
  BENCH_PASSWORD,
  benchEmail,
  countBenchFamilies,
  growBenchFamilies,
  middleFamily,
  type BenchFamily,
} from './bench-families';
import {
  compareTable,
  figuresTable,
  measure,
  type AnchorKey,
  type Figure,
  type Target,
} from './bench-load';
import { freePort, startProcess, type Served } from './bench-processes';
import { describeWeight, measureLandingJs } from './landing-js-weight';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const SIZES = (process.env.BENCH_FAMILIES ?? '1000').split(',').map((s) => Number(s.trim()));
const URLS = (process.env.BENCH_DATABASE_URL ?? '').split(',').filter((u) => u.trim() !== '');
const INSTANCES = Number(process.env.BENCH_INSTANCES ?? 1);
const REDIS_URL = process.env.BENCH_REDIS_URL ?? '';
const ONLY = process.env.BENCH_ONLY === 'learning' ? 'private' : process.env.BENCH_ONLY;

if (SIZES.some((n) => !Number.isInteger(n) || n < 1)) {
  throw new Error(`BENCH_FAMILIES=${process.env.BENCH_FAMILIES}: whole numbers, comma-separated`);
}
if (INSTANCES > 1 && URLS.length === 0) {
  throw new Error(
    'BENCH_INSTANCES > 1 needs PostgreSQL (BENCH_DATABASE_URL): PGlite is one process',
  );
}

const dataDir = mkdtempSync(join(tmpdir(), 'umnyashki-bench-'));
/**
 * The school as a public demo stand behind a proxy on this machine: every sign-in of the login run comes
 * from an address of its own (X-Forwarded-For, believed from 127.0.0.1), as a crowd of parents would, so
 * the per-address limit of 20 sign-ins a minute measures nothing here. Logs at warn: a request line per
 * request would be measured too.
 */
const appEnv = (databaseUrl: string, port: number, instances: number) => ({
  ...process.env,
  NODE_ENV: 'development',
  DATA_DIR: dataDir,
  DATABASE_URL: databaseUrl,
  REDIS_URL,
  PORT: String(port),
  HOST: '127.0.0.1',
  PUBLIC_URL: `http://localhost:${port}`,
  DEMO: 'true',
  TRUST_PROXY: '127.0.0.1',
  ADMIN_PASSWORD: 'bench-administrator-password',
  LOG_LEVEL: 'warn',
  INSTANCES: String(instances),
  WEB_CONCURRENCY: undefined,
});

const PUBLIC: Target[] = [
  { label: '/api/health', path: '/api/health', anchor: 'b' },
  { label: '/api/landing-data', path: '/api/landing-data', anchor: 'b' },
  { label: '/api/store/web/subscriptions', path: '/api/store/web/subscriptions', anchor: 'b' },
  { label: '/api/store/web/gifts?page=1', path: '/api/store/web/gifts?page=1', anchor: 'b' },
  { label: '/api/regions', path: '/api/regions', anchor: 'b' },
  { label: '/api/page/faq', path: '/api/page/faq', anchor: 'b' },
  { label: '/ (HTML)', path: '/', anchor: 'a' },
  { label: '/programs/main-program (HTML)', path: '/programs/main-program', anchor: 'a' },
];

/** A different client address for every request: 10.0.0.0/8 has room for every sign-in of a run. */
const clientAddress = (i: number) => `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;

function privateTargets(family: BenchFamily, families: number): Target[] {
  const signedIn = { authorization: `Bearer ${family.token}` };
  return [
    {
      label: 'POST /api/auth/login',
      path: '/api/auth/login',
      anchor: 'c',
      // Parents spread over the whole table, each from an address of their own.
      post: (i) => ({
        body: JSON.stringify({
          email: benchEmail(1 + ((i * 7919) % families)),
          password: BENCH_PASSWORD,
        }),
        headers: { 'x-forwarded-for': clientAddress(i) },
      }),
    },
    { label: '/api/profile/show', path: '/api/profile/show', anchor: 'c', headers: signedIn },
    {
      label: '/api/profile/lessons?child_id=…',
      path: `/api/profile/lessons?child_id=${family.childId}`,
      anchor: 'c',
      headers: signedIn,
    },
    {
      label: '/api/profile/progress?child_id=…',
      path: `/api/profile/progress?child_id=${family.childId}`,
      anchor: 'c',
      headers: signedIn,
    },
  ];
}

const load = { seconds: SECONDS, connections: CONNECTIONS };
const load1 = () => loadavg()[0]?.toFixed(1) ?? '?';

async function measureAnchors(
  databaseUrl: string,
  instances: number,
  family: BenchFamily,
): Promise<Record<AnchorKey, Figure>> {
  const port = await freePort();
  const server = await startProcess({
    script: 'scripts/bench-anchor-server.ts',
    env: {
      ...process.env,
      ANCHOR_DATABASE_URL: databaseUrl,
      ANCHOR_PGLITE_DIR: join(dataDir, 'db'),
      ANCHOR_PORT: String(port),
      ANCHOR_INSTANCES: String(instances),
    },
    port,
    readyLine: 'anchor ready',
    times: instances,
  });
  try {
    const signedIn = { authorization: `Bearer ${family.token}` };
    const a = await measure(
      server.url,
      { label: '(a) bare Fastify, small JSON', path: '/anchor/json', anchor: 'a' },
      load,
    );
    const b = await measure(
      server.url,
      { label: '(b) bare Fastify + one tariffs query', path: '/anchor/tariffs', anchor: 'b' },
      load,
    );
    const c = await measure(
      server.url,
      {
        label: '(c) bare Fastify + session ⋈ users',
        path: '/anchor/session',
        anchor: 'c',
        headers: signedIn,
      },
      load,
    );
    return { a, b, c };
  } finally {
    await server.stop();
  }
}

/** Waits until the job worker has nothing due (the scans queued at start), so it is not measured. */
async function jobsSettled(db: Database): Promise<void> {
  const until = Date.now() + 60_000;
  while (Date.now() < until) {
    const result = (await db.execute(sql`
      select count(*)::int as n from jobs
      where status = 'running' or (status = 'pending' and (run_at <= now() or run_at = created_at))`)) as unknown as {
      rows: { n: number }[];
    };
    if ((result.rows[0]?.n ?? 0) === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

async function measureApp(options: {
  databaseUrl: string;
  instances: number;
  family: BenchFamily;
  families: number;
  handle: DatabaseHandle | null;
  landing: boolean;
}): Promise<Figure[]> {
  const port = await freePort();
  const many = options.instances > 1;
  const app: Served = await startProcess({
    script: many ? 'src/server/cluster.ts' : 'src/server/main.ts',
    env: appEnv(options.databaseUrl, port, options.instances),
    port,
    readyLine: 'Школа Умняшек:',
    times: options.instances,
  });
  try {
    if (options.handle) await jobsSettled(options.handle.db);
    else await new Promise((resolve) => setTimeout(resolve, 2000));
    const targets = [
      ...(ONLY === 'private' ? [] : PUBLIC),
      ...(ONLY === 'public' ? [] : privateTargets(options.family, options.families)),
    ];
    const figures: Figure[] = [];
    for (const target of targets) figures.push(await measure(app.url, target, load));
    if (options.landing) await printLandingWeight(app.url);
    return figures;
  } finally {
    await app.stop();
  }
}

async function printLandingWeight(url: string): Promise<void> {
  if (!existsSync('dist/web/index.html')) {
    console.log('Landing JS not measured: run `npm run build` first');
    return;
  }
  const browser = await launchBrowser().catch((error: unknown) => {
    console.log(`Landing JS not measured: no Chromium (${String(error).split('\n')[0]})`);
    return null;
  });
  if (!browser) return;
  try {
    console.log(describeWeight(await measureLandingJs(browser, url)));
  } finally {
    await browser.close();
  }
}

async function databaseName(handle: DatabaseHandle): Promise<string> {
  if (handle.driver === 'pglite') return 'PGlite (embedded)';
  const result = (await handle.db.execute(sql`show server_version`)) as unknown as {
    rows: { server_version: string }[];
  };
  return `PostgreSQL ${result.rows[0]?.server_version ?? '?'}`;
}

/** Writes the families a database lacks; PostgreSQL then gets the vacuum autovacuum would give it. */
async function grow(
  handle: DatabaseHandle,
  target: number,
): Promise<{ families: number; seconds: number }> {
  const started = performance.now();
  const added = await growBenchFamilies(handle.db, target, (done) => {
    if (target >= 100_000) process.stdout.write(`\r  ${done} families written…`);
  });
  if (target >= 100_000 && added > 0) process.stdout.write('\n');
  if (added > 0)
    await handle.db.execute(sql.raw(handle.driver === 'postgres' ? 'vacuum analyze' : 'analyze'));
  return {
    families: await countBenchFamilies(handle.db),
    seconds: (performance.now() - started) / 1000,
  };
}

interface Run {
  families: number;
  instances: number;
  anchors: Record<AnchorKey, Figure>;
  figures: Figure[];
}

const logger = createLogger({ level: 'warn' });
const runs: Run[] = [];
console.log(
  `${cpus().length} cores, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.versions.node}; ` +
    `${CONNECTIONS} connections, ${SECONDS} s per path; load average ${load1()} at the start`,
);
try {
  for (const [i, size] of SIZES.entries()) {
    const databaseUrl = URLS[Math.min(i, URLS.length - 1)] ?? '';
    const config = loadConfig(appEnv(databaseUrl, 0, 1));
    const handle = await prepareDatabase({ config, logger, seed: defaultSeedContent });
    let open: DatabaseHandle | null = handle;
    try {
      const { families, seconds } = await grow(handle, size);
      const family = await middleFamily(handle.db, families);
      const name = await databaseName(handle);
      if (families > size) {
        console.log(
          `\nThe database already holds ${families} families (more than ${size}): measured at ${families}.`,
        );
      }
      if (handle.driver === 'pglite') {
        // The anchors and the school open the folder after us, one at a time.
        await handle.close();
        open = null;
      }
      const counts = i === SIZES.length - 1 && INSTANCES > 1 ? [1, INSTANCES] : [1];
      for (const instances of counts) {
        console.log(
          `\n### ${name}, ${families} families (${seconds.toFixed(0)} s to write those missing), ` +
            `${instances} instance${instances > 1 ? 's' : ''}, load average ${load1()}\n`,
        );
        const anchors = await measureAnchors(databaseUrl, instances, family);
        const figures = await measureApp({
          databaseUrl,
          instances,
          family,
          families,
          handle: open,
          landing: runs.length === 0 && ONLY !== 'private',
        });
        console.log(figuresTable([anchors.a, anchors.b, anchors.c, ...figures], anchors));
        runs.push({ families, instances, anchors, figures });
      }
    } finally {
      await open?.close();
    }
  }

  const single = runs.filter((r) => r.instances === 1);
  const [small, large] = [single[0], single[single.length - 1]];
  if (small && large && small.families !== large.families) {
    const scaled = (r: Run) => [r.anchors.c, ...r.figures.filter((f) => f.anchor === 'c')];
    console.log(`\n### ${small.families} vs ${large.families} families, 1 instance\n`);
    console.log(
      compareTable(
        [`${small.families}`, `${large.families}`],
        scaled(small),
        scaled(large),
        'slower by',
        (a, b) => a.rps / b.rps,
      ),
    );
  }
  const many = runs.find((r) => r.instances > 1);
  const one = many && runs.find((r) => r.instances === 1 && r.families === many.families);
  if (many && one) {
    const all = (r: Run) => [r.anchors.a, r.anchors.b, r.anchors.c, ...r.figures];
    console.log(`\n### 1 vs ${many.instances} instances, ${many.families} families\n`);
    console.log(
      compareTable(
        ['1 instance', `${many.instances} instances`],
        all(one),
        all(many),
        'speed-up',
        (a, b) => b.rps / a.rps,
      ),
    );
  }
  console.log(`\nload average ${load1()} at the end`);
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
