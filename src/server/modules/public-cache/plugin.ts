import type { FastifyInstance, onSendHookHandler } from 'fastify';
import type { PublicCache } from './public-cache';

declare module 'fastify' {
  interface FastifyInstance {
    /** The same cache the public routes read (ModuleDeps.publicCache), for whatever else renders them. */
    publicCache: PublicCache;
  }
}

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function isWrite(method: string | string[]): boolean {
  return (Array.isArray(method) ? method : [method]).some((m) => WRITES.has(m));
}

/**
 * The instance that made a change drops its own cache before the editor hears the answer, so the editor's
 * next read shows it; NOTIFY reaches every instance (this one included) a moment later, which covers the
 * rest and every change made outside the back office. Only the back office's writing routes get the hook:
 * other requests pay nothing for it.
 */
export function installPublicCache(
  app: FastifyInstance,
  cache: PublicCache,
  options: { owned: boolean },
): void {
  app.decorate('publicCache', cache);
  const dropOnChange: onSendHookHandler = (_request, reply, payload, done) => {
    if (reply.statusCode < 400) cache.invalidate('back office write');
    done(null, payload);
  };
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/admin/') || !isWrite(route.method)) return;
    const existing = route.onSend;
    route.onSend = existing
      ? [...(Array.isArray(existing) ? existing : [existing]), dropOnChange]
      : [dropOnChange];
  });
  if (options.owned) app.addHook('onClose', () => cache.close());
}
