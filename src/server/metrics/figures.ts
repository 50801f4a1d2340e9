// Figures read from the database when Prometheus asks (docs/OPERATIONS.md «Metrics»): the job queue, the
// payments, renewals and media. They are the same for every instance, so in cluster mode the primary keeps
// one worker's answer (aggregator `max`) rather than adding them up; the pool is each instance's own and
// adds up. A scrape costs seven grouped counts in one transaction, cut off by the server after 2 s.
import { sql } from 'drizzle-orm';
import pg from 'pg';
import client from 'prom-client';
import type { Database } from '../db/client';
import { registry } from './registry';

let source: Database | null = null;

/** The database this process's figures come from: the app's (route.ts sets it at start and per scrape). */
export function watchDatabase(db: Database): void {
  source = db;
}

function poolOf(db: Database): pg.Pool | null {
  const candidate: unknown = (db as { $client?: unknown }).$client;
  return candidate instanceof pg.Pool ? candidate : null;
}

/** A scrape never waits on a database that hangs: past this the figures are left out. */
const READ_DEADLINE_MS = 2_000;

const QUERIES = {
  jobs: sql`select kind, case when status = 'pending' and run_at > now() then 'scheduled'
                         when status = 'pending' then 'waiting' else status end as state,
              count(*)::int as n
            from jobs where status <> 'done' group by 1, 2`,
  lag: sql`select kind, extract(epoch from now() - min(run_at))::float8 as age
           from jobs where status = 'pending' and run_at <= now() group by kind`,
  orders: sql`select kind, state, count(*)::int as n from payment_orders group by 1, 2`,
  purchases: sql`select status, count(*)::int as n from purchases group by 1`,
  refunds: sql`select count(*)::int as n, coalesce(sum(refunded_amount), 0)::float8 as kopecks
               from payment_orders where refunded_amount > 0 or state = 'refunded'`,
  renewals: sql`select coalesce(cancel_reason, 'on') as state, count(*)::int as n
                from subscription_renewals group by 1`,
  ladders: sql`select state, count(*)::int as n from video_ladders group by 1`,
} as const;
type Figures = Record<keyof typeof QUERIES, Record<string, unknown>[]>;

/**
 * All the figures of one scrape, read once in one transaction on one connection, each statement cancelled
 * by the server past the deadline: a slow database costs the parents' requests one connection for two
 * seconds at most, never the pool. The gauges of a scrape share the one reading.
 */
let reading: Promise<Figures | null> | null = null;
function figures(): Promise<Figures | null> {
  reading ??= readFigures().finally(() => {
    reading = null;
  });
  return reading;
}

async function readFigures(): Promise<Figures | null> {
  const db = source;
  if (!db) return null;
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), READ_DEADLINE_MS);
  });
  const read = db
    .transaction(async (tx) => {
      await tx.execute(sql.raw(`set local statement_timeout = ${READ_DEADLINE_MS}`));
      const out: Partial<Figures> = {};
      for (const name of Object.keys(QUERIES) as (keyof Figures)[]) {
        const result = (await tx.execute(QUERIES[name])) as unknown as {
          rows: Record<string, unknown>[];
        };
        out[name] = result.rows;
      }
      return out as Figures;
    })
    .catch(() => null);
  try {
    return await Promise.race([read, deadline]);
  } finally {
    clearTimeout(timer);
  }
}

async function rows<T>(name: keyof Figures): Promise<T[]> {
  return ((await figures())?.[name] ?? []) as T[];
}

new client.Gauge({
  name: 'school_db_pool_connections',
  help: 'PostgreSQL connections of this instance’s pool: total, idle, and callers waiting for one.',
  labelNames: ['state'] as const,
  registers: [registry],
  collect() {
    const pool = source && poolOf(source);
    if (!pool) return;
    this.set({ state: 'total' }, pool.totalCount);
    this.set({ state: 'idle' }, pool.idleCount);
    this.set({ state: 'waiting' }, pool.waitingCount);
  },
});

/** A gauge whose value is read from the database at each scrape, the same on every instance. */
function shared<L extends string>(
  name: string,
  help: string,
  labelNames: readonly L[],
  read: (set: (labels: Record<L, string>, value: number) => void) => Promise<void>,
): void {
  new client.Gauge({
    name,
    help,
    labelNames,
    aggregator: 'max',
    registers: [registry],
    async collect() {
      this.reset();
      await read((labels, value) => this.set(labels, value));
    },
  });
}

shared(
  'school_jobs',
  'Jobs in the queue by name and state: waiting (due now), scheduled (due later), running, failed.',
  ['name', 'state'],
  async (set) => {
    const found = await rows<{ kind: string; state: string; n: number }>('jobs');
    for (const row of found) set({ name: row.kind, state: row.state }, row.n);
  },
);

shared(
  'school_jobs_oldest_waiting_seconds',
  'How long the oldest job due now has waited, by name: the queue’s lag.',
  ['name'],
  async (set) => {
    const found = await rows<{ kind: string; age: number }>('lag');
    for (const row of found) set({ name: row.kind }, row.age);
  },
);

shared(
  'school_payment_orders',
  'Orders sent to the bank by kind (checkout, renewal) and state: a paid renewal is a charge, a failed one a decline.',
  ['kind', 'state'],
  async (set) => {
    const found = await rows<{ kind: string; state: string; n: number }>('orders');
    for (const row of found) set({ kind: row.kind, state: row.state }, row.n);
  },
);

shared(
  'school_purchases',
  'Purchases by status: paid ones were delivered; cancelled ones delivered nothing and went back.',
  ['status'],
  async (set) => {
    const found = await rows<{ status: string; n: number }>('purchases');
    for (const row of found) set({ status: row.status }, row.n);
  },
);

shared(
  'school_refunds',
  'Orders with money given back (whole or in part), and the kopecks given back.',
  ['measure'],
  async (set) => {
    const [row] = await rows<{ n: number; kopecks: number }>('refunds');
    // Left out, not zero, when the database did not answer.
    if (!row) return;
    set({ measure: 'orders' }, row.n);
    set({ measure: 'kopecks' }, row.kopecks);
  },
);

shared(
  'school_renewals',
  'Autopay consents: on, or switched off with the reason.',
  ['state'],
  async (set) => {
    const found = await rows<{ state: string; n: number }>('renewals');
    for (const row of found) set({ state: row.state }, row.n);
  },
);

shared(
  'school_media_ladders',
  'Lesson videos by the state of their transcoding into a streaming ladder.',
  ['state'],
  async (set) => {
    const found = await rows<{ state: string; n: number }>('ladders');
    for (const row of found) set({ state: row.state }, row.n);
  },
);

new client.Gauge({
  name: 'school_metrics_database_up',
  help: '1 when the database answered this scrape (its figures above are current), 0 when it did not.',
  aggregator: 'min',
  registers: [registry],
  async collect() {
    this.set((await figures()) === null ? 0 : 1);
  },
});
