// How long a client may take. A client trickling its headers or body a byte at a time (slowloris) would
// otherwise hold a connection for good: Fastify leaves Node's request timeout off, and Node looks for
// overdue requests only every connectionsCheckingInterval (30 s by default), on top of the timeout itself.
import type { ServerOptions } from 'node:http';

export interface ServerTimeouts {
  /** All request headers must arrive within this (Node answers 408 and closes). */
  headersMs: number;
  /** The whole request, body included; JSON bodies are at most 1 MiB. */
  requestMs: number;
  /** How often Node looks for requests past headersMs/requestMs: the cut comes up to this much later. */
  checkIntervalMs: number;
  /**
   * An idle keep-alive connection is closed after this. Longer than the 60 s idle timeout of the usual
   * balancers (nginx upstream keepalive, cloud load balancers), so they close first and never send a
   * request down a connection we are closing at that moment (a 502 for the parent).
   */
  keepAliveMs: number;
  /**
   * A socket silent both ways for this long is destroyed (a client that stopped reading its answer).
   * Above the longest bounded request: an outside provider (2 × 10 s) plus the database (5 s + 16 s).
   */
  connectionMs: number;
}

export const HTTP_TIMEOUTS: Readonly<ServerTimeouts> = {
  headersMs: 10_000,
  requestMs: 20_000,
  checkIntervalMs: 5_000,
  keepAliveMs: 65_000,
  connectionMs: 60_000,
};

/** The longest a trickling client keeps its connection: its timeout plus one checking interval. */
export function worstCaseCutMs(timeouts: ServerTimeouts): { headers: number; body: number } {
  return {
    headers: timeouts.headersMs + timeouts.checkIntervalMs,
    body: timeouts.requestMs + timeouts.checkIntervalMs,
  };
}

/**
 * Options to spread into `Fastify({...})`. The `http` part reaches `http.createServer`, the only place
 * headersTimeout and connectionsCheckingInterval can be given; Fastify then sets requestTimeout and
 * keepAliveTimeout on the server itself. `app.inject` never opens a socket and is not affected.
 */
export function serverTimeoutOptions(overrides: Partial<ServerTimeouts> = {}) {
  const t = { ...HTTP_TIMEOUTS, ...overrides };
  if (t.headersMs > t.requestMs) throw new RangeError('headersMs must not exceed requestMs');
  const http: ServerOptions = {
    headersTimeout: t.headersMs,
    // Node checks headersTimeout <= requestTimeout when the server is created, before Fastify sets it.
    requestTimeout: t.requestMs,
    keepAliveTimeout: t.keepAliveMs,
    connectionsCheckingInterval: t.checkIntervalMs,
  };
  return {
    connectionTimeout: t.connectionMs,
    requestTimeout: t.requestMs,
    keepAliveTimeout: t.keepAliveMs,
    http,
  };
}
