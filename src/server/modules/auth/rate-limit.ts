// Rate limits of the account calls: fixed windows counted in a pluggable store, so REDIS_URL can share the
// counts between instances later (a Redis store is INCR + PEXPIRE on the same key) without touching a
// route. Times come from the app's clock, so tests can move through a window.
import { isIPv6 } from 'node:net';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { pluralize } from '@contract/plural';
import type { Clock, ModuleDeps } from '../../deps';
import { HttpError } from '../../http/errors';

export interface RateLimitWindow {
  count: number;
  /** Epoch milliseconds when the window ends and the count starts again. */
  resetAt: number;
}

export interface RateLimitStore {
  /** Counts one hit on key and gives the window it landed in. */
  hit(key: string, windowMs: number, now: number): Promise<RateLimitWindow>;
  /**
   * Takes back one hit counted in the window ending at `resetAt`; nothing when that window is over.
   * (Redis: DECR when the key still has that window.)
   */
  refund(key: string, resetAt: number, now: number): Promise<void>;
}

/**
 * Windows kept in process at most: a flood of new addresses must not grow the map without bound. Each
 * window is a short key and two numbers, so this is a few megabytes.
 */
export const MAX_WINDOWS = 50_000;

/**
 * In process: enough for one instance (the demo, a single server). The map is kept in order of last hit;
 * when it is full, expired windows go first, then the least recently hit ones, down to 90 % of the cap so
 * the sweep runs once per many new keys rather than on each.
 */
export function memoryRateLimitStore({ maxWindows = MAX_WINDOWS } = {}): RateLimitStore {
  const windows = new Map<string, RateLimitWindow>();
  const makeRoom = (now: number) => {
    for (const [key, window] of windows) if (window.resetAt <= now) windows.delete(key);
    const keep = Math.floor(maxWindows * 0.9);
    for (const key of windows.keys()) {
      if (windows.size <= keep) break;
      windows.delete(key);
    }
  };
  return {
    async hit(key, windowMs, now) {
      let window = windows.get(key);
      windows.delete(key);
      if (!window || window.resetAt <= now) {
        if (windows.size >= maxWindows) makeRoom(now);
        window = { count: 0, resetAt: now + windowMs };
      }
      window.count += 1;
      windows.set(key, window);
      return { ...window };
    },
    async refund(key, resetAt, now) {
      const window = windows.get(key);
      if (window && window.resetAt === resetAt && window.resetAt > now && window.count > 0) {
        window.count -= 1;
      }
    },
  };
}

export interface RateLimit {
  /** Part of the key: limits never share counts. */
  name: string;
  max: number;
  windowMs: number;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** Brute force gets slow: this many login attempts per minute from one address. */
export const LOGIN_ATTEMPTS_PER_MINUTE = 20;

export const LIMITS = {
  loginPerIp: { name: 'login-ip', max: LOGIN_ATTEMPTS_PER_MINUTE, windowMs: MINUTE },
  /** Failed logins per address: a guesser spread over many IPs still stops here. */
  loginFailuresPerEmail: { name: 'login-email', max: 10, windowMs: 15 * MINUTE },
  usertokenPerIp: { name: 'usertoken-ip', max: LOGIN_ATTEMPTS_PER_MINUTE, windowMs: MINUTE },
  registerPerIp: { name: 'register-ip', max: 10, windowMs: HOUR },
  passwordEmailPerIp: { name: 'password-email-ip', max: 10, windowMs: HOUR },
  /** Nobody's mailbox gets flooded with reset letters. */
  passwordEmailPerEmail: { name: 'password-email-email', max: 3, windowMs: HOUR },
  passwordResetPerIp: { name: 'password-reset-ip', max: 20, windowMs: HOUR },
  resendPerUser: { name: 'resend-user', max: 3, windowMs: HOUR },
  verificationPerIp: { name: 'verification-ip', max: 30, windowMs: MINUTE },
  /** Wrong current passwords (change password, delete account) per signed-in parent. */
  passwordCheckFailuresPerUser: { name: 'password-check-user', max: 10, windowMs: 15 * MINUTE },
} as const satisfies Record<string, RateLimit>;

const MINUTES = { one: 'минуту', few: 'минуты', many: 'минут' };

function tooMany(reply: FastifyReply, window: RateLimitWindow, now: number): HttpError {
  const seconds = Math.max(1, Math.ceil((window.resetAt - now) / 1000));
  reply.header('retry-after', String(seconds));
  const minutes = Math.ceil(seconds / 60);
  const wait = minutes === 1 ? 'минуту' : minutes === 60 ? 'час' : pluralize(minutes, MINUTES);
  const message = `Слишком много попыток. Попробуйте через ${wait}`;
  return new HttpError(429, message);
}

export class RateLimiter {
  constructor(
    private readonly store: RateLimitStore,
    private readonly clock: Clock,
  ) {}

  private key(limit: RateLimit, subject: string) {
    return `${limit.name}:${subject}`;
  }

  /** Counts this request; 429 once the window holds more than `max`. */
  async consume(limit: RateLimit, subject: string, reply: FastifyReply): Promise<void> {
    const now = this.clock().getTime();
    const window = await this.store.hit(this.key(limit, subject), limit.windowMs, now);
    if (window.count > limit.max) throw tooMany(reply, window, now);
  }

  /**
   * For limits on failures (wrong passwords): counts the attempt before it is made, 429 past `max`, and
   * gives `forgive` to call when it did not fail. Counting first is what holds under parallel requests: a
   * check made before any of them was counted would let them all through.
   */
  async attempt(limit: RateLimit, subject: string, reply: FastifyReply): Promise<Attempt> {
    const key = this.key(limit, subject);
    const now = this.clock().getTime();
    const window = await this.store.hit(key, limit.windowMs, now);
    if (window.count > limit.max) throw tooMany(reply, window, now);
    let forgiven = false;
    return {
      forgive: async () => {
        if (forgiven) return;
        forgiven = true;
        await this.store.refund(key, window.resetAt, this.clock().getTime());
      },
    };
  }
}

export interface Attempt {
  /** The attempt did not fail: it stops counting against the limit. */
  forgive(): Promise<void>;
}

// One limiter per built app: every module of an app gets the same ModuleDeps object, and tests that build
// several apps get separate counts.
const limiters = new WeakMap<ModuleDeps, RateLimiter>();

export function rateLimiter(deps: ModuleDeps): RateLimiter {
  let limiter = limiters.get(deps);
  if (!limiter) {
    // deps.config.redisUrl → a Redis store goes here when it is added.
    limiter = new RateLimiter(memoryRateLimitStore(), deps.clock);
    limiters.set(deps, limiter);
  }
  return limiter;
}

/**
 * The subject of per-address limits: an IPv4 address as it is, an IPv6 one by its /64 — one home or phone
 * gets a whole /64 and could otherwise take a fresh address for every request.
 */
export function clientAddressKey(ip: string): string {
  if (!isIPv6(ip)) return ip;
  const groups = ipv6Groups(ip.split('%')[0] ?? ip);
  if (groups === null) return ip;
  // An IPv4 client seen through a dual-stack socket (::ffff:a.b.c.d) is that IPv4 address.
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) {
    const [high = 0, low = 0] = groups.slice(6);
    return [high >> 8, high & 0xff, low >> 8, low & 0xff].join('.');
  }
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(':')}::/64`;
}

/** The eight 16-bit groups of a valid IPv6 address (with or without `::` and a dotted IPv4 tail). */
function ipv6Groups(address: string): number[] | null {
  const parse = (part: string): number[] =>
    part === ''
      ? []
      : part.split(':').flatMap((g) => {
          if (!g.includes('.')) return [parseInt(g, 16)];
          const [a = 0, b = 0, c = 0, d = 0] = g.split('.').map(Number);
          return [(a << 8) | b, (c << 8) | d];
        });
  const [head = '', tail] = address.split('::');
  const front = parse(head);
  const back = tail === undefined ? [] : parse(tail);
  const groups =
    tail === undefined
      ? front
      : [...front, ...Array<number>(8 - front.length - back.length).fill(0), ...back];
  return groups.length === 8 && groups.every((g) => Number.isInteger(g)) ? groups : null;
}

/** A hook counting requests per client address (`onRequest`: before the body is even read). */
export function limitPerIp(deps: ModuleDeps, limit: RateLimit) {
  const limiter = rateLimiter(deps);
  return async (request: FastifyRequest, reply: FastifyReply) => {
    await limiter.consume(limit, clientAddressKey(request.ip), reply);
  };
}
