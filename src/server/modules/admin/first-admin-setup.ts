// The first administrator (ADMIN_EMAIL, written by the seed) has nobody to invite them, so their second
// factor is enrolled on their first sign-in — but only by someone who is at the server: a request from the
// machine itself, or one carrying the one-time code the server printed in its terminal when it started.
// Everyone else enrols through an invitation (staff-invitations.ts).
import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { and, eq, isNull } from 'drizzle-orm';
import { isLoopbackHost, type Config } from '../../config';
import type { Database } from '../../db/client';
import { users } from '../../db/schema/index';
import { fromThisMachine } from '../../plugins/demo-guard';

/** Unambiguous to read off a terminal and type: no 0/O, 1/I/L. Twelve of them are some 59 bits. */
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const LENGTH = 12;

/** How main.ts in a cluster's worker learns the code its primary printed (one code for every instance). */
export const SETUP_CODE_ENV = 'UMNYASHKI_FIRST_ADMIN_SETUP_CODE';

/** A new code, written in groups of four: «K7QM-3XHD-RW9P». */
export function newSetupCode(): string {
  const chars = Array.from({ length: LENGTH }, () => ALPHABET[randomInt(ALPHABET.length)]);
  return [0, 4, 8].map((at) => chars.slice(at, at + 4).join('')).join('-');
}

/** As typed: any case, spaces and dashes anywhere. */
const normalize = (code: string) => code.toUpperCase().replace(/[\s-]/g, '');
const digest = (code: string) => createHash('sha256').update(normalize(code)).digest();

/** The start-up code as the sign-in checks it: only its hash is held, and it is forgotten once used. */
export interface SetupCode {
  accepts(given: string | undefined): boolean;
  /** The factor is on: the code has done its job and opens nothing more. */
  spend(): void;
}

export const NO_SETUP_CODE: SetupCode = { accepts: () => false, spend: () => undefined };

export function setupCodeOf(code: string): SetupCode {
  let hash: Buffer | null = digest(code);
  return {
    accepts(given) {
      if (hash === null || given === undefined || normalize(given) === '') return false;
      return timingSafeEqual(hash, digest(given));
    },
    spend() {
      hash = null;
    },
  };
}

/** The sign-in line the server prints in plain text (never through the JSON log). */
export const setupCodeLine = (code: string) =>
  `Код первого входа администратора: ${code} (действует до входа или перезапуска сервера)`;

/**
 * Whether the request comes from the server's own machine. The socket's peer and the address Fastify
 * settled on are both loopback, the Host names this machine and no proxy header is there. With a proxy
 * declared (TRUST_PROXY) the loopback port serves whoever reaches the proxy, so nothing counts as local
 * and only the start-up code opens the enrolment.
 */
export function fromServerMachine(
  request: Pick<FastifyRequest, 'ip' | 'headers'> & { socket: { remoteAddress?: string } },
  config: Pick<Config, 'trustProxy'>,
): boolean {
  if (config.trustProxy !== false) return false;
  const peer = request.socket.remoteAddress;
  if (peer === undefined || !isLoopbackHost(peer) || !isLoopbackHost(request.ip)) return false;
  return fromThisMachine(request);
}

/**
 * Whether start-up should make and print a code: a second factor is asked (outside the demo, or
 * ADMIN_TOTP) and the first administrator can sign in but has none yet.
 */
export async function firstAdminNeedsSetup(db: Database, config: Config): Promise<boolean> {
  if (!config.admin.requireTotp) return false;
  const [admin] = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.email, config.admin.email),
        eq(users.role, 'admin'),
        isNull(users.totpEnabledAt),
        isNull(users.blockedAt),
      ),
    )
    .limit(1);
  return admin !== undefined;
}
