// Whether an error means "the database is not there right now" (down, restarting, frozen past our timeouts,
// out of connections) rather than a bug: those become 503 with Retry-After, never 500.

/** SQLSTATE classes and codes that say the server or the connection is gone, not that the query is wrong. */
const UNAVAILABLE_SQLSTATES = new Set([
  '57014', // query_canceled: statement_timeout fired
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now (starting up, shutting down)
  '57P05', // idle_session_timeout
  '25P03', // idle_in_transaction_session_timeout
  '53300', // too_many_connections
  '53400', // configuration_limit_exceeded
  '55P03', // lock_not_available: lock_timeout fired
]);

const UNAVAILABLE_ERRNOS = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
]);

const UNAVAILABLE_MESSAGES = [
  /timeout exceeded when trying to connect/i, // pg.Pool connectionTimeoutMillis
  /connection terminated/i, // pg: the server went away mid-query
  /Connection terminated due to connection timeout/i,
  /Client has encountered a connection error and is not queryable/i,
  /Client was closed and is not queryable/i, // pg: db/pg-guard.ts dropped the connection mid-transaction
  /Query read timeout/i, // pg's own query_timeout, should anyone set it
  /Cannot use a pool after calling end on the pool/i,
  /PGlite is closed/i,
  /database query timed out/i, // our own deadline (db/pg-guard.ts)
];

interface ErrorLike {
  code?: unknown;
  message?: unknown;
  cause?: unknown;
}

export function isDatabaseUnavailable(error: unknown): boolean {
  // drizzle wraps the driver's error as `cause`; pg may wrap a socket error too.
  for (let current = error, depth = 0; current && depth < 5; depth += 1) {
    if (typeof current !== 'object') return false;
    const { code, message, cause } = current as ErrorLike;
    if (typeof code === 'string') {
      if (UNAVAILABLE_SQLSTATES.has(code) || code.startsWith('08')) return true;
      if (UNAVAILABLE_ERRNOS.has(code)) return true;
    }
    if (typeof message === 'string' && UNAVAILABLE_MESSAGES.some((re) => re.test(message))) {
      return true;
    }
    current = cause;
  }
  return false;
}
