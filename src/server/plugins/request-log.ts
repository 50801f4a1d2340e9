// One concise line per request (Fastify's own pair of "incoming request"/"request completed" lines is
// off): method, redacted URL, status, time. Health checks and static files are at debug, so a load
// balancer's polling and a page's assets do not drown the calls that matter.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { redactUrl } from '../logger';

const QUIET = /^\/(?:api\/health(?:\?|$)|assets\/|media\/|favicon|fonts\/|robots\.txt)/;

function levelOf(request: FastifyRequest, status: number): 'debug' | 'info' | 'warn' | 'error' {
  if (status >= 500) return 'error';
  if (QUIET.test(request.url) && status < 400) return 'debug';
  return 'info';
}

export function installRequestLog(app: FastifyInstance): void {
  app.addHook('onResponse', async (request, reply) => {
    const status = reply.statusCode;
    request.log[levelOf(request, status)](
      {
        method: request.method,
        url: redactUrl(request.url),
        status,
        ms: Math.round(reply.elapsedTime),
      },
      'request',
    );
  });
}
