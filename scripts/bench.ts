// `npm run bench`: the school's hot paths under load, measured, not guessed, each beside bare-Fastify
// anchors measured in the same run on the same database. A benchmark, not a test: it never fails on a
// number. How to run it and what was seen: docs/PERFORMANCE.md.
//
// For each family count of BENCH_FAMILIES (default 1000) the database of BENCH_DATABASE_URL (a list pairs
// a database with each count; one database is grown step by step; none: embedded PGlite in a temporary
// folder) gets the families it lacks (scripts/bench-families.ts). The anchors and the school then run as
// processes of their own, driven with autocannon from this one: the public reads, and as a family in the
// middle of the table the sign-in, profile, lessons and progress. BENCH_INSTANCES=N adds the last count on
// N instances (cluster.ts). On PostgreSQL everything compared is started together and measured in turns,
// path by path (BENCH_ROUNDS times, the median kept), so a machine that gets busier during the run slows
// every column alike instead of the last one.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { Database, DatabaseHandle } from '../src/server/db/client';
import { loadConfig } from '../src/server/config';
import { defaultSeedContent } from '../src/server/db/seed/default-content';
import { createLogger } from '../src/server/logger';
import { prepareDatabase } from '../src/server/startup';
import { launchBrowser } from './chromium';
import {
  countBenchFamilies,
  growBenchFamilies,
  middleFamily,
  type BenchFamily,
} from './bench-families';
import { compareTable, figuresTable, measure, type Figure, type Target } from './bench-load';
import { printStreamFigures } from './bench-stream';
import { freePort, startProcess, type Served } from './bench-processes';
import { anchorTargets, privateTargets, PUBLIC_TARGETS } from './bench-targets';
import { describeWeight, measureLandingJs } from './landing-js-weight';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 1);
const SIZES = (process.env.BENCH_FAMILIES ?? '1000').split(',').map((s) => Number(s.trim()));
const URLS = (process.env.BENCH_DATABASE_URL ?? '').split(',').filter((u) => u.trim() !== '');
const INSTANCES = Number(process.env.BENCH_INSTANCES ?? 1);
const REDIS_URL = process.env.BENCH_REDIS_URL ?? '';
/** A family's calls may be this much slower with many more families, and no more. */
const SCALE_LIMIT = 1.3;
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
const load = { seconds: SECONDS, connections: CONNECTIONS };
const load1 = () => loadavg()[0]?.toFixed(1) ?? '?';

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

/** One configuration measured: a database with so many families, served by so many instances. */
interface Subject {
  name: string;
  databaseUrl: string;
  families: number;
  instances: number;
  family: BenchFamily;
  /** PostgreSQL: to see that the job worker has settled before measuring. */
  db: Database | null;
}

async function startAnchors(subject: Subject): Promise<Served> {
  const port = await freePort();
  return startProcess({
    script: 'scripts/bench-anchor-server.ts',
    env: {
      ...process.env,
      ANCHOR_DATABASE_URL: subject.databaseUrl,
      ANCHOR_PGLITE_DIR: join(dataDir, 'db'),
      ANCHOR_PORT: String(port),
      ANCHOR_INSTANCES: String(subject.instances),
    },
    port,
    readyLine: 'anchor ready',
    times: subject.instances,
  });
}

async function startApp(subject: Subject): Promise<Served> {
  const port = await freePort();
  const app = await startProcess({
    script: subject.instances > 1 ? 'src/server/cluster.ts' : 'src/server/main.ts',
    env: appEnv(subject.databaseUrl, port, subject.instances),
    port,
    readyLine: 'Школа Умняшек:',
    times: subject.instances,
  });
  if (subject.db) await jobsSettled(subject.db);
  return app;
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

const appTargets = (subject: Subject): Target[] => [
  ...(ONLY === 'private' ? [] : PUBLIC_TARGETS),
  ...(ONLY === 'public' ? [] : privateTargets(subject.family, subject.families)),
];

/** The round with the median throughput. */
function median(figures: Figure[]): Figure {
  const sorted = [...figures].sort((x, y) => x.rps - y.rps);
  const middle = sorted[Math.floor(sorted.length / 2)];
  if (!middle) throw new Error('no figures');
  return middle;
}

/**
 * With anchors measured round by round: the round whose share of its own anchor is the median, the path
 * and its anchor both from that round.
 */
function pairedMedian(figures: Figure[], anchors: Figure[]): Figure {
  if (anchors.length !== figures.length) return median(figures);
  const rounds = figures.map((figure, i) => ({ ...figure, paired: anchors[i] as Figure }));
  const sorted = rounds.sort((x, y) => x.rps / x.paired.rps - y.rps / y.paired.rps);
  const middle = sorted[Math.floor(sorted.length / 2)];
  if (!middle) throw new Error('no figures');
  return middle;
}

/**
 * Measures every subject: started together and measured in turns, path by path (PostgreSQL), or one
 * process at a time (PGlite: its folder is one process's).
 */
async function measureGroup(subjects: Subject[], together: boolean): Promise<Figure[][]> {
  /** `anchors`: where each path's anchor is measured right before it, round by round (Figure.paired). */
  const rounds = async (
    pairs: { server: Served; targets: Target[]; anchors?: { server: Served; targets: Target[] } }[],
  ): Promise<Figure[][]> => {
    const runs: Figure[][][] = pairs.map(({ targets }) => targets.map(() => []));
    const pairedRuns: Figure[][][] = pairs.map(({ targets }) => targets.map(() => []));
    const paths = Math.max(...pairs.map((p) => p.targets.length));
    for (let t = 0; t < paths; t += 1) {
      // A second unrecorded first: a fresh process compiles, fills its caches and opens its pool.
      for (const { server, targets } of pairs) {
        const target = targets[t];
        if (target) await measure(server.url, target, { ...load, seconds: 1 });
      }
      for (let round = 0; round < ROUNDS; round += 1) {
        for (const [s, { server, targets, anchors }] of pairs.entries()) {
          const target = targets[t];
          if (!target) continue;
          const anchor = anchors?.targets.find((a) => a.anchor === target.anchor);
          if (anchors && anchor) {
            pairedRuns[s]?.[t]?.push(await measure(anchors.server.url, anchor, load));
          }
          runs[s]?.[t]?.push(await measure(server.url, target, load));
        }
      }
    }
    return runs.map((perTarget, s) =>
      perTarget.map((figures, t) => pairedMedian(figures, pairedRuns[s]?.[t] ?? [])),
    );
  };

  if (!together) {
    const results: Figure[][] = [];
    for (const subject of subjects) {
      const anchors = await startAnchors(subject);
      const [anchorFigures = []] = await rounds([
        { server: anchors, targets: anchorTargets(subject.family) },
      ]).finally(() => anchors.stop());
      const app = await startApp(subject);
      try {
        const [appFigures = []] = await rounds([{ server: app, targets: appTargets(subject) }]);
        if (results.length === 0 && ONLY !== 'private') await printLandingWeight(app.url);
        results.push([...anchorFigures, ...appFigures]);
      } finally {
        await app.stop();
      }
    }
    return results;
  }

  const servers: Served[] = [];
  try {
    const anchors: Served[] = [];
    const apps: Served[] = [];
    for (const subject of subjects) {
      anchors.push(await startAnchors(subject));
      servers.push(anchors[anchors.length - 1] as Served);
      apps.push(await startApp(subject));
      servers.push(apps[apps.length - 1] as Served);
    }
    const anchorFigures = await rounds(
      subjects.map((s, i) => ({ server: anchors[i] as Served, targets: anchorTargets(s.family) })),
    );
    const appFigures = await rounds(
      subjects.map((s, i) => ({
        server: apps[i] as Served,
        targets: appTargets(s),
        anchors: { server: anchors[i] as Served, targets: anchorTargets(s.family) },
      })),
    );
    if (ONLY !== 'private' && apps[0]) await printLandingWeight(apps[0].url);
    return subjects.map((_, i) => [...(anchorFigures[i] ?? []), ...(appFigures[i] ?? [])]);
  } finally {
    for (const server of servers) await server.stop();
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
  } catch (error) {
    console.log(`Landing JS not measured: ${String(error).split('\n')[0]}`);
  } finally {
    await browser.close();
  }
}

async function databaseName(handle: DatabaseHandle): Promise<string> {
  if (handle.driver === 'pglite') return 'PGlite (embedded)';
  const result = (await handle.db.execute(sql`show server_version`)) as unknown as {
    rows: { server_version: string }[];
  };
  return `PostgreSQL ${result.rows[0]?.server_version.split(' ')[0] ?? '?'}`;
}

/** Writes the families a database lacks; PostgreSQL then gets the vacuum autovacuum would give it. */
async function grow(handle: DatabaseHandle, target: number): Promise<number> {
  const started = performance.now();
  const added = await growBenchFamilies(handle.db, target, (done) => {
    if (target >= 100_000) process.stdout.write(`\r  ${done} families written…`);
  });
  if (added > 0) {
    if (target >= 100_000) process.stdout.write('\n');
    await handle.db.execute(sql.raw(handle.driver === 'postgres' ? 'vacuum analyze' : 'analyze'));
    const seconds = (performance.now() - started) / 1000;
    console.log(`${added} families written in ${seconds.toFixed(0)} s`);
  }
  const families = await countBenchFamilies(handle.db);
  if (families > target) {
    console.log(
      `The database holds ${families} families, more than ${target}: measured at ${families}.`,
    );
  }
  return families;
}

/** Sizes measured together: each on a database of its own (a database grown step by step cannot be). */
function groupsOfSizes(): { size: number; url: string }[][] {
  const groups: { size: number; url: string }[][] = [];
  for (const [i, size] of SIZES.entries()) {
    const url = URLS[Math.min(i, URLS.length - 1)] ?? '';
    const current = groups[groups.length - 1];
    if (current && url !== '' && !current.some((entry) => entry.url === url)) {
      current.push({ size, url });
    } else groups.push([{ size, url }]);
  }
  return groups;
}

const logger = createLogger({ level: 'warn' });
const measured: { subject: Subject; figures: Figure[] }[] = [];
console.log(
  `${cpus().length} cores, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.versions.node}; ` +
    `${CONNECTIONS} connections, ${SECONDS} s per path, ${ROUNDS} round${ROUNDS > 1 ? 's (median)' : ''}; ` +
    `load average ${load1()} at the start`,
);
try {
  const groups = ONLY === 'stream' ? [] : groupsOfSizes();
  for (const [g, group] of groups.entries()) {
    const handles: DatabaseHandle[] = [];
    try {
      const subjects: Subject[] = [];
      let name = '';
      for (const { size, url } of group) {
        const handle = await prepareDatabase({
          config: loadConfig(appEnv(url, 0, 1)),
          logger,
          seed: defaultSeedContent,
        });
        handles.push(handle);
        const families = await grow(handle, size);
        const family = await middleFamily(handle.db, families);
        name = await databaseName(handle);
        const db = handle.driver === 'postgres' ? handle.db : null;
        const base = { databaseUrl: url, families, family, db };
        subjects.push({ ...base, name: `${families} families, 1 instance`, instances: 1 });
        if (g === groups.length - 1 && size === SIZES[SIZES.length - 1] && INSTANCES > 1) {
          subjects.push({
            ...base,
            name: `${families} families, ${INSTANCES} instances`,
            instances: INSTANCES,
          });
        }
      }
      const together = URLS.length > 0;
      // The anchors and the school open an embedded database's folder after us, one at a time.
      if (!together) for (const handle of handles.splice(0)) await handle.close();
      console.log(`\n${name}: ${subjects.map((s) => s.name).join('; ')} — load average ${load1()}`);
      const results = await measureGroup(subjects, together);
      for (const [i, subject] of subjects.entries()) {
        const figures = results[i] ?? [];
        measured.push({ subject, figures });
        const [a, b, c, d] = figures;
        console.log(`\n### ${name}, ${subject.name}\n`);
        console.log(figuresTable(figures, { a, b, c, d }));
      }
    } finally {
      for (const handle of handles) await handle.close();
    }
  }

  const single = measured.filter((m) => m.subject.instances === 1);
  const [small, large] = [single[0], single[single.length - 1]];
  if (small && large && small.subject.families !== large.subject.families) {
    const scaled = (figures: Figure[]) =>
      figures.filter((f) => f.anchor === 'c' || f.anchor === 'd');
    console.log(
      `\n### ${small.subject.families} vs ${large.subject.families} families, 1 instance\n`,
    );
    console.log(
      compareTable(
        [`${small.subject.families}`, `${large.subject.families}`],
        scaled(small.figures),
        scaled(large.figures),
        'slower by',
        (a, b) => a.rps / b.rps,
      ),
    );
    const over = scaled(small.figures).filter((a) => {
      const b = large.figures.find((f) => f.label === a.label);
      return b !== undefined && a.rps / b.rps > SCALE_LIMIT;
    });
    console.log(
      over.length === 0
        ? `\nEvery path within ${SCALE_LIMIT}×.`
        : `\nOver ${SCALE_LIMIT}×: ${over.map((f) => f.label).join(', ')} (rerun with BENCH_ROUNDS=3 before believing one run).`,
    );
  }
  const many = measured.find((m) => m.subject.instances > 1);
  const one = many && single.find((m) => m.subject.families === many.subject.families);
  if (many && one) {
    console.log(
      `\n### 1 vs ${many.subject.instances} instances, ${many.subject.families} families\n`,
    );
    console.log(
      compareTable(
        ['1 instance', `${many.subject.instances} instances`],
        one.figures,
        many.figures,
        'speed-up',
        (a, b) => b.rps / a.rps,
      ),
    );
  }
  if (ONLY === undefined || ONLY === 'stream') await printStreamFigures();
  console.log(`\nload average ${load1()} at the end`);
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
