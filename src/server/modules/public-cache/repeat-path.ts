// The repeat path: a GET of exactly a URL that a public route has already answered from the public cache
// is answered again from the same entry before Fastify sees it, for as long as that entry is current.
//
// Why: a cached public read is a map lookup, yet through the framework it cost about 2.5 times a bare
// Fastify route (routing, request and reply objects, nine hooks), measured with perf on this 2-core
// machine. The first request for a URL still goes through everything — routing, validation, the guards —
// so only a URL the route has accepted is repeated, and only while its entry is neither dropped (an
// editor's change, heard by every instance) nor expired. What goes out is built by the same function the
// route uses (cachedAnswer) with the same security headers, request id and log line; a test holds the two
// paths to the same bytes.
import { performance } from 'node:perf_hooks';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import type { FirstResponder } from '../../http/server-factory';
import { lazyChild } from '../../plugins/lazy-request-logger';
import { logRequest } from '../../plugins/request-log';
import { cachedAnswer } from './http';
import type { PublicCache, RememberedAnswer } from './public-cache';

export interface RepeatPathDeps {
  cache: PublicCache;
  /**
   * Whether the guards Fastify runs on every request (the demo stand's, the input guard's headers) would
   * let this one through; when not, Fastify answers it, with their refusal.
   */
  admits: (req: IncomingMessage) => boolean;
  /** The id a request gets, as Fastify's genReqId gives it (sent back in x-request-id). */
  requestId: (req: IncomingMessage) => string;
  /** The security headers an answer of this content type carries (http/security.ts). */
  securityHeaders: (contentType: unknown) => readonly [string, string][];
  logger?: FastifyBaseLogger;
  /** The label the request id is logged under (Fastify's requestIdLogLabel). */
  requestIdLabel: string;
}

export interface RepeatPath {
  answer: FirstResponder;
  /** From now on every request goes to Fastify, which answers a closing server's requests itself. */
  stop(): void;
}

export function createRepeatPath(deps: RepeatPathDeps): RepeatPath {
  let stopped = false;
  const answer: FirstResponder = (req, res) => {
    if (stopped || req.method !== 'GET' || req.url === undefined) return false;
    const remembered = deps.cache.answerForUrl(req.url);
    if (!remembered || !deps.admits(req)) return false;
    try {
      return send(req, res, remembered);
    } catch (error) {
      // Thrown inside the server's request listener it would end the process; Fastify answers instead
      // (its error handler), unless the answer had already started.
      deps.logger?.error({ err: error }, 'public cache: the repeat path failed');
      if (!res.headersSent) return false;
      res.destroy();
      return true;
    }
  };

  function send(req: IncomingMessage, res: ServerResponse, remembered: RememberedAnswer): boolean {
    const started = performance.now();
    const id = deps.requestId(req);
    const { status, headers, body } = cachedAnswer(
      remembered.cached,
      req.headers['accept-encoding'],
      req.headers['if-none-match'],
      remembered.cacheControl,
    );
    const contentType = headers.find(([name]) => name === 'content-type')?.[1];
    const lines: string[] = ['x-request-id', id];
    for (const [name, value] of headers) lines.push(name, value);
    for (const [name, value] of deps.securityHeaders(contentType)) lines.push(name, value);
    if (body !== null) lines.push('content-length', String(Buffer.byteLength(body)));
    res.writeHead(status, lines);
    res.end(body ?? undefined);
    if (deps.logger) {
      const log = lazyChild(deps.logger, { [deps.requestIdLabel]: id }, {});
      logRequest(log, { method: 'GET', url: req.url ?? '' }, status, performance.now() - started);
    }
    return true;
  }
  return {
    answer,
    stop() {
      stopped = true;
    },
  };
}
