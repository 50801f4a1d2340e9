// The repeat path: a GET of exactly a URL that a public route has already answered from the public cache
// is answered again from the same entry in an onRequest hook, for as long as that entry is current.
//
// Why: the route's own work (its preValidation/preHandler hooks, validation, the handler's awaits, the
// cache's promise) is skipped for a URL it has already accepted. Everything every answer gets still
// happens once, in one place: the request id, the guards before this hook, the security headers (onSend)
// and the request line (onResponse). The first request of a URL goes through the route — validation, its
// refusals — so only a URL the route has accepted is repeated, and only while its entry is neither dropped
// (an editor's change, a NOTIFY heard by every instance) nor expired.
import type { FastifyInstance, onRequestHookHandler } from 'fastify';
import { sendCached } from './http';
import type { PublicCache } from './public-cache';

/**
 * Adds the hook. Call it after the app-wide guards (demo stand, input guard): a request they refuse never
 * gets here. Any onRequest hook added later is skipped for a repeated answer, which is why only routes
 * with no guard of their own ask to be repeated (SendCachedOptions.repeatable).
 */
export function installRepeatPath(app: FastifyInstance, cache: PublicCache): void {
  const repeat: onRequestHookHandler = (request, reply, done) => {
    const remembered = request.method === 'GET' ? cache.answerForUrl(request.url) : undefined;
    if (remembered === undefined) {
      done();
      return;
    }
    // The very function the route answers with: same encoding choice, ETag, 304 and bytes. Not calling
    // done() ends the hooks here; onSend and onResponse still run.
    sendCached(request, reply, remembered.cached, { cacheControl: remembered.cacheControl });
  };
  app.addHook('onRequest', repeat);
}
