// Who is calling. Every guarded route says so the same way, `onRequest: app.requireUser` (or
// `app.requireStaff(capability)` for the back office, by the roles' table in @contract/staff-access):
// a guest gets 401 before the body is read or validated. Handlers read the account with currentUser().
// The token is looked up once per request at most.
//
// A caregiver (docs/PRODUCT.md «Grown-ups of a family») is refused by requireUser with 403 owner_only: a
// route lets them in only by saying `app.requireMember`, and then reads the family's key with
// currentFamily() (the owner's account) where it touches children and lessons, or currentUser() where it
// touches the person's own account. So a new route is closed to caregivers until someone opens it.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { staffMay, type StaffCapability } from '@contract/staff-access';
import type { ModuleDeps } from '../deps';
import { ERROR_CODES } from '@contract/api/values';
import { OWNER_ONLY } from '@contract/api/caregivers';
import {
  resolveSession,
  type AuthFamily,
  type AuthSession,
  type AuthUser,
} from '../modules/auth/service';
import { forbidden, HttpError, unauthorized } from './errors';

type Guard = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

declare module 'fastify' {
  interface FastifyInstance {
    /** 401 unless the request carries a valid bearer token; 403 owner_only for a caregiver. */
    requireUser: Guard;
    /** 401 unless the request carries a valid bearer token; caregivers pass too. */
    requireMember: Guard;
    /**
     * The back office: 401 without a valid token; 403 unless the session was opened by the staff sign-in
     * (second factor passed) by an account whose role holds `capability`.
     */
    requireStaff: (capability: StaffCapability) => Guard;
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

/** The family a route opened to caregivers (requireMember) serves: its owner's account id and the caller's role. */
export function currentFamily(request: FastifyRequest): AuthFamily {
  if (!request.authSession) throw unauthorized();
  return request.authSession.family;
}

/** 403 owner_only: what a caregiver may not do. */
export const ownerOnly = () => new HttpError(403, OWNER_ONLY, { code: ERROR_CODES.ownerOnly });

export function currentSession(request: FastifyRequest): AuthSession {
  if (!request.authSession) throw unauthorized();
  return request.authSession;
}

/**
 * docs/PRODUCT.md «Product rules» keeps some data-changing calls on GET (logout, deleteChildren…). Fastify would answer HEAD on
 * them by running the GET handler, so a prefetching proxy or a link checker could erase data: such routes
 * are declared with this and get no HEAD twin.
 */
export const CHANGES_DATA_ON_GET = { exposeHeadRoute: false } as const;

export function installAuth(app: FastifyInstance, deps: ModuleDeps): void {
  app.decorateRequest('authSession', undefined);
  const requireMember: Guard = async (request) => {
    if (!(await optionalSession(request, deps))) throw unauthorized();
  };
  app.decorate('requireMember', requireMember);
  app.decorate('requireUser', async (request: FastifyRequest, reply: FastifyReply) => {
    await requireMember(request, reply);
    if (currentFamily(request).role !== 'owner') throw ownerOnly();
  });
  app.decorate('requireStaff', (capability: StaffCapability): Guard => {
    return async (request, reply) => {
      await requireMember(request, reply);
      const session = currentSession(request);
      if (!session.staff || !staffMay(session.user.role, capability)) throw forbidden();
    };
  });

  // No API answer may be kept by a browser or a shared cache unless its route chose a cache policy:
  // tokens, profiles and children are private, and whatever is public today may not be tomorrow.
  app.addHook('onSend', (request, reply, payload, done) => {
    if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control')) {
      reply.header('cache-control', 'no-store');
    }
    done(null, payload);
  });
}
