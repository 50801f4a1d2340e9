// Every answer's duration by route pattern and status class, and the requests in flight. Measured from
// the first hook to the moment the socket is done with the answer (or the client went away), so answers
// from the public cache and refusals by the guards count too. Fastify's own refusals of a malformed URL
// never become requests and are not counted.
import type { FastifyInstance } from 'fastify';
import { httpDuration, httpInFlight } from './registry';

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

export function installHttpMetrics(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    const started = process.hrtime.bigint();
    httpInFlight.inc();
    reply.raw.once('close', () => {
      httpInFlight.dec();
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      httpDuration.observe(
        {
          method: METHODS.has(request.method) ? request.method : 'OTHER',
          // The pattern (/api/children/:id), never the path: ids stay out of the labels.
          route: request.routeOptions.url ?? 'unmatched',
          status_class: `${Math.floor(reply.raw.statusCode / 100)}xx`,
        },
        seconds,
      );
    });
    done();
  });
}
