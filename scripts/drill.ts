// `npm run drill`: the multi-host fault drill of docs/OPERATIONS.md «The fault drill». Three school hosts in
// network namespaces behind HAProxy (deploy/haproxy/haproxy.cfg), this machine's PostgreSQL and Redis, the
// sandbox bank; steady load while five faults are staged one after another; figures per fault and the
// invariants at the end. Needs root, iproute2, HAProxy, openssl and the machine's PostgreSQL and Redis.
// Exits non-zero when an invariant breaks, a failure is not a 503 with Retry-After, or a fault's longest
// failure window passes 5 s.
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { httpsClient } from './drill/client';
import { FAULTS } from './drill/faults';
import { figuresOf, printFigures, type Figures } from './drill/figures';
import { startHaproxy, type Balancer } from './drill/haproxy';
import { schoolHost, SCHOOL_PORT, type SchoolHost } from './drill/hosts';
import { checkInvariants } from './drill/invariants';
import { startLoad } from './drill/load';
import {
  BALANCER_ADDRESS,
  HOSTS,
  hostAddress,
  hostSide,
  setUpNetwork,
  tearDownNetwork,
} from './drill/network';
import { ensurePostgres, startRedis } from './drill/services';
import { openWire, type Wire } from './drill/wire';

const ADMIN_URL = process.env.DRILL_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const MAX_WINDOW_MS = 5_000;
const PARENTS = Number(process.env.DRILL_PARENTS ?? 12);
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const log = (line: string) =>
  console.log(`[drill ${new Date().toISOString().slice(11, 19)}] ${line}`);

function certificate(folder: string): { bundle: string; cert: string } {
  const key = join(folder, 'key.pem');
  const cert = join(folder, 'cert.pem');
  execFileSync(
    'openssl',
    ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes']
      .concat(['-days', '1', '-subj', `/CN=${BALANCER_ADDRESS}`])
      .concat(['-addext', `subjectAltName=IP:${BALANCER_ADDRESS}`, '-keyout', key, '-out', cert]),
    { stdio: 'ignore' },
  );
  const bundle = join(folder, 'school.pem');
  writeFileSync(bundle, readFileSync(cert, 'utf8') + readFileSync(key, 'utf8'));
  return { bundle, cert };
}

async function admin<T extends pg.QueryResultRow>(url: string, text: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(text)).rows;
  } finally {
    await client.end();
  }
}

async function main(): Promise<number> {
  if (process.getuid?.() !== 0)
    throw new Error('the drill makes network namespaces: run it as root');
  const runId = randomBytes(4).toString('hex');
  const folder = mkdtempSync(join(tmpdir(), 'school-drill-'));
  const database = `school_drill_${runId}`;
  const databaseUrl = ADMIN_URL.replace(/\/[^/]*$/, `/${database}`);
  const wires: Wire[][] = [];
  const hosts: SchoolHost[] = [];
  let balancer: Balancer | null = null;
  let passed = false;
  log(`folder ${folder}, database ${database}`);
  try {
    await admin(ADMIN_URL, `create database ${database}`);
    const { bundle, cert } = certificate(folder);
    setUpNetwork();
    for (const n of HOSTS) {
      wires.push([
        await openWire({
          listen: { host: hostSide(n), port: 5432 },
          target: { host: '127.0.0.1', port: 5432 },
          fromHost: 'client',
        }),
        await openWire({
          listen: { host: hostSide(n), port: 6379 },
          target: { host: '127.0.0.1', port: 6379 },
          fromHost: 'client',
        }),
        await openWire({
          listen: { host: '127.0.0.1', port: 0 },
          target: { host: hostAddress(n), port: SCHOOL_PORT },
          fromHost: 'target',
        }),
      ]);
    }
    balancer = await startHaproxy(folder, {
      certificate: bundle,
      listen: BALANCER_ADDRESS,
      servers: wires.map((w) => `127.0.0.1:${w[2]?.port ?? 0}`),
    });
    for (const n of HOSTS) hosts.push(schoolHost(n, { root: folder, database, certificate: cert }));
    const [first, ...others] = hosts;
    // The first host migrates and seeds; the others find the database ready.
    await first?.start();
    await Promise.all(others.map((h) => h.start()));
    log('three hosts ready');

    const client = httpsClient(readFileSync(cert, 'utf8'));
    const base = `https://${BALANCER_ADDRESS}`;
    const [lesson] = await admin<{ id: number }>(
      databaseUrl,
      "select id from lessons where code = 'four-five-w1-l1'",
    );
    const tariffs = JSON.parse(
      (await client.call('GET', `${base}/api/store/web/subscriptions`)).body,
    ) as {
      data: { id: number; is_free: boolean }[];
    };
    const tariff = tariffs.data.find((t) => !t.is_free);
    if (!lesson || !tariff) throw new Error('the seeded lesson or a paid tariff is missing');

    const load = startLoad({
      base,
      client,
      runId,
      lessonId: lesson.id,
      tariffId: tariff.id,
      parents: PARENTS,
    });
    const figures: Figures[] = [];
    load.mark('steady');
    await pause(15_000);
    figures.push(figuresOf('steady', load.records));
    // DRILL_FAULTS=latency,redis stages only the faults whose names contain one of the words.
    const only = (process.env.DRILL_FAULTS ?? '').split(',').filter((w) => w !== '');
    const staged = FAULTS.filter((f) => only.length === 0 || only.some((w) => f.name.includes(w)));
    for (const fault of staged) {
      log(fault.name);
      load.mark(fault.name);
      await fault.run({ hosts, wires, records: load.records });
      // The fault's figures include the time it takes the balancer to see every host well again.
      await pause(5_000);
      load.mark('between');
      figures.push(figuresOf(fault.name, load.records));
      await pause(3_000);
    }
    log('stopping the load');
    await load.stop();
    client.close();

    // Every request, for a closer look at a failure window (kept with the hosts' logs on failure).
    writeFileSync(join(folder, 'requests.json'), JSON.stringify(load.records));
    printFigures(figures);
    const problems: string[] = [];
    for (const f of figures) {
      if (f.longestWindowMs > MAX_WINDOW_MS)
        problems.push(`${f.phase}: failures for ${f.longestWindowMs} ms`);
      for (const line of new Set(f.improper)) problems.push(`${f.phase}: ${line}`);
    }
    const broken = await checkInvariants(databaseUrl, load.ack);
    problems.push(...broken);
    const a = load.ack;
    log(
      `acknowledged: ${a.emails.length} registrations, ${a.children.length} children, ` +
        `${a.watched.size} children's progress, ${a.paid.size} paid orders; ` +
        `${a.repeatsRefused} repeated registrations refused`,
    );
    if (problems.length > 0) {
      console.error(`The drill failed:\n- ${problems.join('\n- ')}`);
      console.error(`Hosts' logs are in ${folder}; the database ${database} is kept.`);
      return 1;
    }
    log('every invariant holds');
    passed = true;
    return 0;
  } finally {
    await Promise.all(hosts.map((h) => h.stop().catch(() => undefined)));
    await balancer?.stop();
    for (const w of wires.flat()) await w.close();
    tearDownNetwork();
    await ensurePostgres();
    await startRedis();
    if (passed && process.env.DRILL_KEEP === undefined) {
      rmSync(folder, { recursive: true, force: true });
      await admin(ADMIN_URL, `drop database if exists ${database} with (force)`);
    }
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
