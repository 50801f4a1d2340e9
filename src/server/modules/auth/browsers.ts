// The browsers an account signs in from (docs/PRODUCT.md «Invite a friend»): a random value in the school's
// own `browser` cookie, kept as its SHA-256 beside each account that signed in or registered with it. Two
// accounts of one browser inviting each other is one person inviting themselves. HttpOnly: the page's
// script never reads it; on plain http it goes back only to the sign-in calls (its path), on https with
// every request (a `__Host-` cookie's path is /, plugins/cookies.ts).
import type { FastifyReply, FastifyRequest } from 'fastify';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { userDevices } from '../../db/schema/index';
import { readOwnCookie, setOwnCookie } from '../../plugins/cookies';
import { TOKEN_PATTERN, randomToken, sha256 } from './tokens';

const BROWSER_COOKIE = 'browser';
const BROWSER_COOKIE_PATH = '/api/auth';
/** As long as the cookie lives (400 days, the most browsers keep one): after that it holds another value. */
export const BROWSER_MEMORY_MS = 400 * 24 * 60 * 60_000;
const BROWSER_COOKIE_MAX_AGE_S = BROWSER_MEMORY_MS / 1000;

/** This browser's value: the one it holds, or a new one given to it with this answer. */
export function browserOf(request: FastifyRequest, reply: FastifyReply, publicUrl: string): string {
  const value = readOwnCookie(request, publicUrl, BROWSER_COOKIE, TOKEN_PATTERN) ?? randomToken();
  setOwnCookie(request, reply, publicUrl, {
    name: BROWSER_COOKIE,
    value,
    path: BROWSER_COOKIE_PATH,
    maxAgeSeconds: BROWSER_COOKIE_MAX_AGE_S,
  });
  return value;
}

export async function rememberBrowser(
  db: Database,
  { userId, browser, now }: { userId: number; browser: string; now: Date },
): Promise<void> {
  await db
    .insert(userDevices)
    .values({ userId, deviceHash: sha256(browser), seenAt: now })
    .onConflictDoUpdate({
      target: [userDevices.userId, userDevices.deviceHash],
      set: { seenAt: now },
    });
}

/** Whether two accounts ever signed in from one browser. */
export async function shareBrowser(db: Database, a: number, b: number): Promise<boolean> {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(userDevices)
    .where(
      and(
        eq(userDevices.userId, a),
        sql`${userDevices.deviceHash} in (select device_hash from user_devices where user_id = ${b})`,
      ),
    )
    .limit(1);
  return row !== undefined;
}
