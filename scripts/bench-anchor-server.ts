// The yardsticks `npm run bench` prints every figure beside: bare Fastify on the same database, driver,
// pool and machine, doing the least a route of that kind can do. Run as a process of its own (the app's
// place), with ANCHOR_INSTANCES workers sharing the port as the cluster does.
//   GET /anchor/json      a small JSON, no database          (a)
//   GET /anchor/tariffs   one query of the tariffs table     (b)
//   GET /anchor/session   the session by token hash, joined to users: what every signed-in call starts with (c)
//   POST /anchor/argon2   one argon2 verification of the posted password, as sign-in makes       (d)
import cluster from 'node:cluster';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { openDatabase, type DatabaseTarget } from '../src/server/db/client';
import { hashPassword, verifyPassword } from '../src/server/shared/passwords';
import { sha256 } from '../src/server/modules/auth/tokens';
import { BENCH_PASSWORD } from './bench-families';

/** Both drivers answer with rows; drizzle types the result per driver. */
interface Rows {
  rows: Record<string, unknown>[];
}

const instances = Number(process.env.ANCHOR_INSTANCES ?? 1);
const port = Number(process.env.ANCHOR_PORT ?? 0);

async function serve(): Promise<void> {
  const url = process.env.ANCHOR_DATABASE_URL ?? '';
  const target: DatabaseTarget = url
    ? { kind: 'postgres', url }
    : { kind: 'pglite', dataDir: process.env.ANCHOR_PGLITE_DIR ?? '' };
  const handle = await openDatabase(target);
  const app = Fastify({ logger: false });
  app.get('/anchor/json', async () => ({ data: { status: 'ok', at: 'anchor' } }));
  app.get('/anchor/tariffs', async () => {
    const result = await handle.db.execute(sql`
      select id, code, title, duration, amount_children, price from tariffs
      where kind = 'subscription' and is_active order by duration, amount_children`);
    return { data: (result as unknown as Rows).rows };
  });
  app.get('/anchor/session', async (request, reply) => {
    const token = /^Bearer (\S+)$/.exec(request.headers.authorization ?? '')?.[1] ?? '';
    const result = await handle.db.execute(sql`
      select s.id, s.staff, s.created_at, s.last_used_at, u.blocked_at, u.id as user_id, u.email, u.role
      from sessions s join users u on u.id = s.user_id
      where s.token_hash = ${sha256(token)} and s.expires_at > now()
        and s.created_at > now() - interval '90 days'
      limit 1`);
    const [session] = (result as unknown as Rows).rows;
    if (!session) return reply.code(401).send({ message: 'no session' });
    return { data: session };
  });
  const hash = await hashPassword(BENCH_PASSWORD);
  app.post('/anchor/argon2', async (request, reply) => {
    const body = request.body as { password?: unknown } | undefined;
    const ok = await verifyPassword(hash, typeof body?.password === 'string' ? body.password : '');
    return ok ? { data: { ok } } : reply.code(422).send({ message: 'wrong password' });
  });
  process.on('SIGTERM', () => {
    void app
      .close()
      .then(() => handle.close())
      .then(() => process.exit(0));
  });
  await app.listen({ port, host: '127.0.0.1' });
  console.log('anchor ready');
}

if (cluster.isPrimary && instances > 1) {
  for (let i = 0; i < instances; i += 1) cluster.fork();
  process.on('SIGTERM', () => {
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM');
  });
  cluster.on('exit', () => {
    if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
  });
} else {
  await serve();
}
