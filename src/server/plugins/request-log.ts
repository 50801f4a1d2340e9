// One concise line per request (Fastify's own pair of "incoming request"/"request completed" lines is
// off): method, redacted URL, status, time. Health checks and static files are at debug, so a load
// balancer's polling and a page's assets do not drown the calls that matter.
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { redactUrl } from '../logger';

/** pino's numeric levels: a line is written when its level is at least the logger's. */
export const LEVEL_VALUES: Record<string, number> = {
  trace: 10,
  debug: 20,
  info: 30,
  warn: 40,
  error: 50,
  fatal: 60,
  silent: Infinity,
};

const QUIET = /^\/(?:api\/health(?:\?|$)|assets\/|media\/|favicon|fonts\/|robots\.txt)/;

function levelOf(url: string, status: number): 'debug' | 'info' | 'warn' | 'error' {
  if (status >= 500) return 'error';
  if (QUIET.test(url) && status < 400) return 'debug';
  return 'info';
}

/** Writes a request's line to its logger (bound to its id), unless the level keeps it out. */
function logRequest(
  log: FastifyBaseLogger,
  request: { method: string; url: string },
  status: number,
  elapsedMs: number,
): void {
  const level = levelOf(request.url, status);
  // Redacting a URL costs something; skip it when nobody would read the line.
  if ((LEVEL_VALUES[level] ?? 0) < (LEVEL_VALUES[log.level] ?? 0)) return;
  log[level](
    { method: request.method, url: redactUrl(request.url), status, ms: Math.round(elapsedMs) },
    'request',
  );
}

export function installRequestLog(app: FastifyInstance): void {
  app.addHook('onResponse', (request, reply, done) => {
    logRequest(request.log, request, reply.statusCode, reply.elapsedTime);
    done();
  });
}
