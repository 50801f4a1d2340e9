// Rate limits of the account calls: fixed windows counted in a pluggable store, so REDIS_URL can share the
// counts between instances later (a Redis store is INCR + PEXPIRE on the same key) without touching a
// route. Times come from the app's clock, so tests can move through a window.
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
  /** The current window of key without counting; null when there is none. */
  peek(key: string, now: number): Promise<RateLimitWindow | null>;
}

/** Forgotten windows are swept out once the map grows past this. */
const SWEEP_ABOVE = 10_000;

/** In process: enough for one instance (the demo, a single server). */
export function memoryRateLimitStore(): RateLimitStore {
  const windows = new Map<string, RateLimitWindow>();
  const sweep = (now: number) => {
    for (const [key, window] of windows) if (window.resetAt <= now) windows.delete(key);
  };
  return {
    async hit(key, windowMs, now) {
      let window = windows.get(key);
      if (!window || window.resetAt <= now) {
        if (windows.size >= SWEEP_ABOVE) sweep(now);
        window = { count: 0, resetAt: now + windowMs };
        windows.set(key, window);
      }
      window.count += 1;
      return { ...window };
    },
    async peek(key, now) {
      const window = windows.get(key);
      return window && window.resetAt > now ? { ...window } : null;
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

  /** 429 when `max` hits are already counted; counts nothing (pair with `record` for failures). */
  async check(limit: RateLimit, subject: string, reply: FastifyReply): Promise<void> {
    const now = this.clock().getTime();
    const window = await this.store.peek(this.key(limit, subject), now);
    if (window && window.count >= limit.max) throw tooMany(reply, window, now);
  }

  /** Counts a failure checked by `check`. */
  async record(limit: RateLimit, subject: string): Promise<void> {
    await this.store.hit(this.key(limit, subject), limit.windowMs, this.clock().getTime());
  }
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

/** A hook counting requests per client address (`onRequest`: before the body is even read). */
export function limitPerIp(deps: ModuleDeps, limit: RateLimit) {
  const limiter = rateLimiter(deps);
  return async (request: FastifyRequest, reply: FastifyReply) => {
    await limiter.consume(limit, request.ip, reply);
  };
}
