// Readiness, for a load balancer that routes only to instances able to serve (docs/SCALING.md
// «Readiness»): the database answers and holds every migration this release knows, Redis answers where it
// is configured, the media store takes a write, and the instance is not stopping. /api/health stays the
// liveness check: a process that answers it but not this one is alive and should be left to recover.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { MIGRATIONS_DIR } from '../../db/migrate';
import type { MediaStore } from '../../integrations/storage/store';
import { databaseAnswers, PING_TIMEOUT_MS } from './service';

export const READINESS_PARTS = ['database', 'migrations', 'redis', 'media', 'stopping'] as const;
export type ReadinessPart = (typeof READINESS_PARTS)[number];

/** What each failing part says, for the operator reading the balancer's check or a curl. */
export const NOT_READY: Record<ReadinessPart, string> = {
  database: 'База данных не отвечает',
  migrations: 'В базе данных применены не все миграции этой версии',
  redis: 'Redis не отвечает',
  media: 'Хранилище файлов не принимает запись',
  stopping: 'Сервер останавливается и новых запросов не принимает',
};

/** Set by main.ts on SIGTERM, before the server stops taking connections. */
export interface Lifecycle {
  stopping: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Readiness answers 503 «stopping» from now on (main.ts, on SIGTERM, before closing). */
    markStopping: () => void;
  }
}

export interface ReadinessDeps {
  db: Database;
  media: MediaStore;
  /** Null without Redis; a ping otherwise (the rate limiter's own connection). */
  redisAnswers: () => Promise<boolean | null>;
  lifecycle: Lifecycle;
}

/** The migrations this release ships, read once: the journal drizzle-kit writes beside them. */
let shipped: number | undefined;
function shippedMigrations(): number {
  if (shipped === undefined) {
    const journal = JSON.parse(
      readFileSync(join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8'),
    ) as { entries: unknown[] };
    shipped = journal.entries.length;
  }
  return shipped;
}

/**
 * Applied, or more: a newer release may have migrated the database already, and migrations are written so
 * that the release before keeps working on them (docs/SCALING.md «Readiness»).
 */
async function migrationsApplied(db: Database): Promise<boolean> {
  try {
    // Both drivers answer { rows } (as mailing/campaigns.ts reads them).
    const result = (await withTimeout(
      db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`),
    )) as unknown as { rows: { n: number }[] };
    const rows = result.rows;
    return (rows[0]?.n ?? 0) >= shippedMigrations();
  } catch {
    return false;
  }
}

/** A store the balancer asks every few seconds is written at most every 10 s; the answer is kept between. */
const MEDIA_CHECK_EVERY_MS = 10_000;
const mediaChecks = new WeakMap<MediaStore, { at: number; ok: boolean }>();

async function mediaWritable(media: MediaStore): Promise<boolean> {
  const last = mediaChecks.get(media);
  if (last && performance.now() - last.at < MEDIA_CHECK_EVERY_MS) return last.ok;
  const key = `readiness/${randomBytes(8).toString('hex')}.txt`;
  let ok = false;
  try {
    await withTimeout(media.put(key, Buffer.from('ok'), 'text/plain'));
    ok = true;
    await media.remove(key).catch(() => undefined);
  } catch {
    ok = false;
  }
  mediaChecks.set(media, { at: performance.now(), ok });
  return ok;
}

async function withTimeout<T>(work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('timed out')), PING_TIMEOUT_MS);
  });
  try {
    return await Promise.race([work, late]);
  } finally {
    clearTimeout(timer);
  }
}

/** The parts that fail now, in READINESS_PARTS order (empty when ready), and whether Redis is used. */
export async function readiness(
  deps: ReadinessDeps,
): Promise<{ failing: ReadinessPart[]; redisConfigured: boolean }> {
  if (deps.lifecycle.stopping) return { failing: ['stopping'], redisConfigured: false };
  const [database, redis, media] = await Promise.all([
    databaseAnswers(deps.db),
    deps.redisAnswers().catch(() => false),
    mediaWritable(deps.media),
  ]);
  const migrations = database && (await migrationsApplied(deps.db));
  const failing: ReadinessPart[] = [];
  if (!database) failing.push('database');
  else if (!migrations) failing.push('migrations');
  if (redis === false) failing.push('redis');
  if (!media) failing.push('media');
  return { failing, redisConfigured: redis !== null };
}
