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
import { ensurePostgres } from './drill/services';
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
  cleanUp = () => tidy(hosts, balancer, wires);
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
    await balancer.allReady();
    log('three hosts ready, and HAProxy counts them so');

    const client = httpsClient(readFileSync(cert, 'utf8'));
    const base = `https://${BALANCER_ADDRESS}`;
    const [lesson] = await admin<{ id: number }>(
      databaseUrl,
      "select id from lessons where code = 'four-five-w1-l1'",
    );
    const answer = await client.call('GET', `${base}/api/store/web/subscriptions`);
    if (answer.status !== 200) throw new Error(`the tariffs: ${answer.status} ${answer.body}`);
    const tariffs = JSON.parse(answer.body) as { data: { id: number; is_free: boolean }[] };
    const tariff = tariffs.data.find((t) => !t.is_free);
    if (!lesson || !tariff) throw new Error('the seeded lesson or a paid tariff is missing');

    // DRILL_FAULTS=latency,redis stages only the faults whose names contain one of the words.
    const only = (process.env.DRILL_FAULTS ?? '')
      .toLowerCase()
      .split(',')
      .map((w) => w.trim())
      .filter((w) => w !== '');
    const unknown = only.filter((w) => !FAULTS.some((f) => f.name.toLowerCase().includes(w)));
    if (unknown.length > 0) throw new Error(`DRILL_FAULTS names no fault: ${unknown.join(', ')}`);
    const staged = FAULTS.filter(
      (f) => only.length === 0 || only.some((w) => f.name.toLowerCase().includes(w)),
    );

    const load = startLoad({
      base,
      client,
      runId,
      lessonId: lesson.id,
      tariffId: tariff.id,
      parents: PARENTS,
    });
    load.mark('steady');
    await pause(15_000);
    const phases = ['steady'];
    for (const fault of staged) {
      log(fault.name);
      load.mark(fault.name);
      phases.push(fault.name);
      await fault.run({ hosts, wires });
      // The fault lasts until HAProxy counts every machine ready again.
      await balancer.allReady();
      load.mark('between');
    }
    log('stopping the load');
    await load.stop();
    client.close();

    // Every request, for a closer look at a failure window (kept with the hosts' logs on failure).
    writeFileSync(join(folder, 'requests.json'), JSON.stringify(load.records));
    const figures: Figures[] = phases.map((p) => figuresOf(p, load.records, load.outages));
    printFigures(figures);
    const problems: string[] = [...load.ack.crashes];
    for (const f of figures) {
      if (f.longestWindowMs > MAX_WINDOW_MS) {
        problems.push(`${f.phase}: a parent's step failed for ${f.longestWindowMs} ms`);
      }
    }
    // Between faults and before them too: no request may fail otherwise than with 503 and Retry-After.
    for (const f of [...figures, figuresOf('between', load.records, load.outages)]) {
      for (const line of new Set(f.improper)) problems.push(`${f.phase}: ${line}`);
    }
    const broken = await checkInvariants(databaseUrl, load.ack);
    problems.push(...broken);
    const a = load.ack;
    log(
      `acknowledged: ${a.emails.length} registrations, ${a.children.length} children, ` +
        `${a.watched.size} children's progress, ${a.paid.size} paid orders; ` +
        `${a.repeatsFoundDone} repeats found already done`,
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
    cleanUp = null;
    await tidy(hosts, balancer, wires);
    if (passed && process.env.DRILL_KEEP === undefined) {
      rmSync(folder, { recursive: true, force: true });
      await attempt('drop the database', () =>
        admin(ADMIN_URL, `drop database if exists ${database} with (force)`),
      );
    }
  }
}

/** One step of the clean-up: a failure is said and the next step still runs. */
async function attempt(what: string, work: () => unknown): Promise<void> {
  try {
    await work();
  } catch (error) {
    console.error(`clean-up: could not ${what}: ${String(error)}`);
  }
}

async function tidy(hosts: SchoolHost[], balancer: Balancer | null, wires: Wire[][]) {
  await attempt('stop the hosts', () => Promise.all(hosts.map((h) => h.stop())));
  await attempt('stop HAProxy', () => balancer?.stop());
  for (const w of wires.flat()) await attempt('close a wire', () => w.close());
  await attempt('take the network down', () => tearDownNetwork());
  await attempt('start PostgreSQL', () => ensurePostgres());
}

/** Set while the drill runs: what a signal must still undo before the process ends. */
let cleanUp: (() => Promise<void>) | null = null;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    const undo = cleanUp;
    cleanUp = null;
    console.error(`${signal}: cleaning up`);
    void (undo ? undo() : Promise.resolve()).finally(() => process.exit(1));
  });
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
