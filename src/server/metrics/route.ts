// GET /metrics for Prometheus (docs/OPERATIONS.md «Metrics»): only with METRICS_TOKEN as a bearer token.
// Without the variable the endpoint does not exist (404); a wrong or missing token gets 401. Both in the
// one error shape. Outside /api: it is the operator's, not the clients' API, and not in the OpenAPI.
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { HttpError, notFound, serviceUnavailable, unauthorized } from '../plugins/errors';
import { joinClusterMetrics, scrape } from './cluster-bridge';
import { installHttpMetrics } from './http';
import { watchDatabase } from './figures';
import { collectProcessMetrics, registry } from './registry';
import type { Database } from '../db/client';

const BEARER = /^Bearer ([\x21-\x7e]+)$/;

function sameToken(given: string, expected: string): boolean {
  const digest = (s: string) => createHash('sha256').update(s).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

export function installMetrics(
  app: FastifyInstance,
  { db, token }: { db: Database; token: string | null },
): void {
  collectProcessMetrics();
  joinClusterMetrics();
  watchDatabase(db);
  installHttpMetrics(app);
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (token === null) throw notFound();
    const given = BEARER.exec(request.headers.authorization ?? '')?.[1];
    if (given === undefined || !sameToken(given, token)) throw unauthorized();
    // The app answering reads its own database (tests build several apps in one process).
    watchDatabase(db);
    let text: string;
    try {
      text = await scrape();
    } catch (error) {
      if (error instanceof HttpError) throw error;
      throw serviceUnavailable('Метрики сейчас недоступны, попробуйте ещё раз');
    }
    return reply.header('cache-control', 'no-store').type(registry.contentType).send(text);
  });
}
