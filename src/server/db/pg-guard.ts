// node-postgres leaves three holes an outage falls through; guardPool closes them for every client of a pool.
// 1. A client checked out of the pool (inside a transaction) that loses its server emits 'error' with nobody
//    listening, which would crash the process.
// 2. pg's own query_timeout answers the caller but keeps the connection waiting on the frozen server; back in
//    the pool it would hand the next caller a session whose old transaction is still open (and commit it).
//    Here a query past its deadline destroys its connection instead, so the server rolls that work back.
// 3. drizzle sends BEGIN before its try/finally: a client whose BEGIN fails is never released, and every
//    outage would cost the pool a slot for good. A checked-out client that dies is released here, once.
import type pg from 'pg';
import { queryDuration } from '../metrics/registry';

export const QUERY_TIMEOUT_MESSAGE = 'database query timed out';

type Release = pg.PoolClient['release'];

export function guardPool(pool: pg.Pool, queryTimeoutMs: number): void {
  pool.on('connect', (client) => guardClient(client, queryTimeoutMs));
}

function guardClient(client: pg.PoolClient, queryTimeoutMs: number): void {
  // The pool assigns `release` at every checkout; keep its function and hand out one that acts once.
  let poolRelease: Release | undefined;
  let released = true;
  const releaseOnce: Release = (err) => {
    if (released || !poolRelease) return;
    released = true;
    poolRelease(err);
  };
  Object.defineProperty(client, 'release', {
    configurable: true,
    enumerable: true,
    get: () => releaseOnce,
    set: (release: Release) => {
      poolRelease = release;
      released = false;
    },
  });

  // An idle client is dropped by the pool itself; a checked-out one goes back with the error, so the pool
  // drops it too. Whoever still holds it gets "not queryable" from its next query.
  const onDeath = (error: Error) => {
    if (!released) releaseOnce(error);
  };
  client.on('error', onDeath);
  client.on('end', () => onDeath(new Error('Connection terminated')));

  const query = client.query;
  const abandon = () => {
    client.connection.stream.destroy(
      new Error(`${QUERY_TIMEOUT_MESSAGE} after ${queryTimeoutMs} ms`),
    );
  };
  // Both shapes drizzle and the pool use: a trailing callback, or a returned promise. Anything else (a
  // cursor, a stream) runs unguarded.
  function guardedQuery(...args: unknown[]): unknown {
    const timer = setTimeout(abandon, queryTimeoutMs);
    const started = process.hrtime.bigint();
    const settle = () => {
      clearTimeout(timer);
      queryDuration.observe(Number(process.hrtime.bigint() - started) / 1e9);
    };
    const last = args.length - 1;
    const callback = args[last];
    if (typeof callback === 'function') {
      args[last] = (...results: unknown[]) => {
        settle();
        Reflect.apply(callback, undefined, results);
      };
    }
    let result: unknown;
    try {
      result = Reflect.apply(query, client, args);
    } catch (error) {
      settle();
      throw error;
    }
    if (result instanceof Promise) void result.then(settle, settle);
    else if (typeof callback !== 'function') settle();
    return result;
  }
  Object.defineProperty(client, 'query', {
    configurable: true,
    writable: true,
    value: guardedQuery,
  });
}
