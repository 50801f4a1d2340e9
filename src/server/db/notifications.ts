// LISTEN on one channel of whichever database the app runs on. On PostgreSQL a dedicated connection (a pooled
// one would be handed to queries, and LISTEN belongs to a session) that comes back after the server restarts
// and is pinged, so a connection frozen without a word is noticed too. Embedded PGlite delivers
// notifications in-process. The owner is told when listening starts and when it is lost: notifications
// sent in between are gone, so whatever they would have invalidated must not be trusted meanwhile.
import { setTimeout as delay } from 'node:timers/promises';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { Database } from './client';

export interface NotificationHandlers {
  onNotify: (payload: string) => void;
  /** Listening (again): anything heard before may have been missed. */
  onListening: () => void;
  /** No longer listening until onListening comes. */
  onLost: (error: Error) => void;
}

export interface NotificationListener {
  close(): Promise<void>;
}

export interface ListenTimings {
  /** First wait before reconnecting; doubles up to maxRetryMs. */
  retryMs: number;
  maxRetryMs: number;
  /** How often the connection is pinged, and how long a ping may take before it is dropped. */
  pingEveryMs: number;
  pingTimeoutMs: number;
}

export const LISTEN_TIMINGS: Readonly<ListenTimings> = {
  retryMs: 500,
  maxRetryMs: 10_000,
  pingEveryMs: 10_000,
  pingTimeoutMs: 3_000,
};

export const LISTEN_APPLICATION_NAME = 'umnyashki-listen';

const CHANNEL = /^[a-z_][a-z0-9_]*$/;

/** The client behind drizzle's database object: node-postgres pool or PGlite. */
function clientOf(db: Database): unknown {
  return (db as { $client?: unknown }).$client;
}

export function listenForNotifications(
  db: Database,
  channel: string,
  handlers: NotificationHandlers,
  timings: ListenTimings = LISTEN_TIMINGS,
): NotificationListener | null {
  if (!CHANNEL.test(channel)) throw new Error(`bad channel name ${channel}`);
  const client = clientOf(db);
  if (client instanceof PGlite) return listenPglite(client, channel, handlers);
  if (client instanceof pg.Pool) return listenPostgres(client.options, channel, handlers, timings);
  return null;
}

function listenPglite(
  client: PGlite,
  channel: string,
  handlers: NotificationHandlers,
): NotificationListener {
  const unsubscribe = client.listen(channel, handlers.onNotify).then(
    (stop) => {
      handlers.onListening();
      return stop;
    },
    (error: unknown) => {
      handlers.onLost(error instanceof Error ? error : new Error(String(error)));
      return null;
    },
  );
  return {
    close: async () => {
      const stop = await unsubscribe;
      if (stop && !client.closed) await stop().catch(() => undefined);
    },
  };
}

function listenPostgres(
  options: pg.PoolOptions,
  channel: string,
  handlers: NotificationHandlers,
  timings: ListenTimings,
): NotificationListener {
  let closed = false;
  let current: pg.Client | null = null;
  let retryMs = timings.retryMs;
  let retryTimer: NodeJS.Timeout | undefined;
  let pingTimer: NodeJS.Timeout | undefined;

  const drop = (client: pg.Client, error: Error) => {
    if (current !== client) return;
    current = null;
    clearInterval(pingTimer);
    // destroy, not end(): a frozen server would never answer the goodbye.
    client.connection.stream.destroy();
    if (closed) return;
    handlers.onLost(error);
    retryTimer = setTimeout(connect, retryMs);
    retryTimer.unref();
    retryMs = Math.min(retryMs * 2, timings.maxRetryMs);
  };

  const ping = (client: pg.Client) => {
    const timer = setTimeout(
      () => drop(client, new Error('LISTEN connection did not answer a ping')),
      timings.pingTimeoutMs,
    );
    client.query('select 1').then(
      () => clearTimeout(timer),
      (error: unknown) => {
        clearTimeout(timer);
        drop(client, error instanceof Error ? error : new Error(String(error)));
      },
    );
  };

  function connect(): void {
    if (closed) return;
    const client = new pg.Client({
      connectionString: options.connectionString,
      connectionTimeoutMillis: options.connectionTimeoutMillis,
      keepAlive: true,
      // So an operator (or a test) can tell this session from the pool's in pg_stat_activity.
      application_name: LISTEN_APPLICATION_NAME,
    });
    current = client;
    client.on('error', (error) => drop(client, error));
    client.on('end', () => drop(client, new Error('LISTEN connection ended')));
    client.on('notification', (message) => {
      if (message.channel === channel) handlers.onNotify(message.payload ?? '');
    });
    client
      .connect()
      .then(() => client.query(`LISTEN ${channel}`))
      .then(
        () => {
          if (current !== client) return;
          retryMs = timings.retryMs;
          handlers.onListening();
          pingTimer = setInterval(() => ping(client), timings.pingEveryMs);
          pingTimer.unref();
        },
        (error: unknown) => drop(client, error instanceof Error ? error : new Error(String(error))),
      );
  }

  connect();
  return {
    close: async () => {
      closed = true;
      clearTimeout(retryTimer);
      clearInterval(pingTimer);
      const client = current;
      current = null;
      if (!client) return;
      // A polite goodbye, but never waiting long for a server that does not answer.
      await Promise.race([
        client.end().catch(() => undefined),
        delay(1_000, undefined, { ref: false }),
      ]);
      client.connection.stream.destroy();
    },
  };
}
