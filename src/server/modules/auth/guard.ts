// Who is calling. Routes that need a parent add `preHandler: app.requireUser` (or requireAdmin) and
// read the account with currentUser(request); the token is looked up once per request at most.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ModuleDeps } from '../../deps';
import { forbidden, unauthorized } from '../../http/errors';
import { resolveSession, type AuthSession, type AuthUser } from './service';

type PreHandler = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

declare module 'fastify' {
  interface FastifyInstance {
    /** 401 unless the request carries a valid bearer token. */
    requireUser: PreHandler;
    /** 401 without a valid token, 403 for anyone but an administrator. */
    requireAdmin: PreHandler;
  }
  interface FastifyRequest {
    /** The session behind the bearer token: undefined until looked up, null when there is none. */
    authSession: AuthSession | null | undefined;
  }
}

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1] ?? null;
}

/** Looks the session up (once per request) without requiring one. */
export async function optionalSession(
  request: FastifyRequest,
  deps: Pick<ModuleDeps, 'db' | 'clock'>,
): Promise<AuthSession | null> {
  if (request.authSession !== undefined) return request.authSession;
  const token = bearerToken(request);
  request.authSession = token ? await resolveSession({ ...deps, token }) : null;
  return request.authSession;
}

/** The signed-in account of a route guarded by requireUser. */
export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.authSession) throw unauthorized();
  return request.authSession.user;
}

export function currentSession(request: FastifyRequest): AuthSession {
  if (!request.authSession) throw unauthorized();
  return request.authSession;
}

export function installAuth(app: FastifyInstance, deps: ModuleDeps): void {
  app.decorateRequest('authSession', undefined);
  const requireUser: PreHandler = async (request) => {
    if (!(await optionalSession(request, deps))) throw unauthorized();
  };
  app.decorate('requireUser', requireUser);
  app.decorate('requireAdmin', async (request: FastifyRequest, reply: FastifyReply) => {
    await requireUser(request, reply);
    if (currentUser(request).role !== 'admin') throw forbidden();
  });
}
