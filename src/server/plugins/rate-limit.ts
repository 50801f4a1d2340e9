// Rate limits every module shares, on rate-limiter-flexible: counted in process by default, in Redis when
// REDIS_URL is set, so that every instance sees the same counts and a restart forgets nothing. Should Redis
// stop answering, an in-process "insurance" limiter with the same rules takes over until it is back: limits
// then hold per instance instead of not at all. Counts expire with their window and are never evicted to
// make room, so a flood of requests from fresh addresses cannot push an earlier block out.
// Windows are fixed and numbered by the app's clock (the window's number is part of the key), so tests
// move through them with the injectable clock, and every instance agrees on where a window ends.
import { createHash } from 'node:crypto';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Redis } from 'ioredis';
import {
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
  type RateLimiterAbstract,
} from 'rate-limiter-flexible';
import { pluralize } from '@contract/plural';
import { ERROR_CODES } from '@contract/api/values';
import type { Clock, ModuleDeps } from '../deps';
import { clientAddressKey } from './client-address';
import { HttpError } from './errors';

export interface RateLimit {
  /** Part of the key: limits never share counts. */
  name: string;
  max: number;
  windowMs: number;
}

/** Every key starts with this, so a Redis shared with other software keeps our counts apart. */
const KEY_PREFIX = 'umnyashki:rl';

const MINUTES = { one: 'минуту', few: 'минуты', many: 'минут' };

/** 429 with Retry-After and a wait a parent understands. */
export function tooManyRequests(reply: FastifyReply, msBeforeNext: number): HttpError {
  const seconds = Math.max(1, Math.ceil(msBeforeNext / 1000));
  reply.header('retry-after', String(seconds));
  const minutes = Math.ceil(seconds / 60);
  const wait = minutes === 1 ? 'минуту' : minutes === 60 ? 'час' : pluralize(minutes, MINUTES);
  return new HttpError(429, `Слишком много попыток. Попробуйте через ${wait}`, {
    code: ERROR_CODES.rateLimited,
  });
}

/**
 * Subjects are hashed before they become keys: e-mail addresses and IPs would otherwise sit in Redis in
 * the clear, and a hash also keeps odd characters out of the key.
 */
function subjectKey(subject: string): string {
  return createHash('sha256').update(subject).digest('base64url').slice(0, 24);
}

export interface Attempt {
  /** The attempt did not fail: it stops counting against the limits it was counted in. */
  forgive(): Promise<void>;
}

/** How long a Redis command may take before the in-process count answers instead. */
export const REDIS_COMMAND_TIMEOUT_MS = 500;
/** After a Redis failure, how long the in-process count answers without asking Redis first. */
const REDIS_QUIET_MS = 10_000;

interface LimiterPair {
  /** null without REDIS_URL. */
  shared: RateLimiterAbstract | null;
  /** The in-process count: the only one without Redis, the insurance with it. */
  memory: RateLimiterMemory;
}

export class RateLimiter {
  private readonly limiters = new Map<string, LimiterPair>();
  /** performance.now() before which Redis is not asked (it failed or timed out just now). */
  private redisQuietUntil = 0;
  private redisWarned = false;

  constructor(
    private readonly redis: Redis | null,
    private readonly clock: Clock,
    private readonly log?: FastifyBaseLogger,
  ) {}

  /**
   * For the readiness check: whether Redis answers a PING within the command timeout; null when the
   * school runs without Redis. While the connection is down the ping fails at once (no offline queue).
   */
  async redisAnswers(): Promise<boolean | null> {
    if (!this.redis) return null;
    try {
      return (await this.redis.ping()) === 'PONG';
    } catch {
      return false;
    }
  }

  private pairFor(limit: RateLimit): LimiterPair {
    let pair = this.limiters.get(limit.name);
    if (!pair) {
      const options = {
        keyPrefix: `${KEY_PREFIX}:${limit.name}`,
        points: limit.max,
        duration: Math.max(1, Math.round(limit.windowMs / 1000)),
      };
      pair = {
        shared: this.redis
          ? new RateLimiterRedis({
              ...options,
              storeClient: this.redis,
              rejectIfRedisNotReady: true,
            })
          : null,
        memory: new RateLimiterMemory(options),
      };
      this.limiters.set(limit.name, pair);
    }
    return pair;
  }

  /**
   * Runs `op` on the shared (Redis) count, or on the in-process one when there is no Redis, when Redis just
   * failed, or when it fails now — a refusal down, a connection reset, or no answer within the command
   * timeout (a frozen Redis keeps the socket open and says nothing, so only a timeout notices it). After a
   * failure Redis is left alone for a while, so a frozen Redis costs one request a timeout, not every one.
   */
  private async run<T>(
    limit: RateLimit,
    op: (limiter: RateLimiterAbstract) => Promise<T>,
  ): Promise<T> {
    const { shared, memory } = this.pairFor(limit);
    if (shared && performance.now() >= this.redisQuietUntil) {
      try {
        const result = await op(shared);
        this.redisWarned = false;
        return result;
      } catch (error) {
        // A refusal is the count's answer, not a failure of Redis.
        if (error instanceof RateLimiterRes) throw error;
        this.redisQuietUntil = performance.now() + REDIS_QUIET_MS;
        if (!this.redisWarned) {
          this.redisWarned = true;
          this.log?.warn(
            { limit: limit.name },
            'Redis did not answer in time: rate limits are counted per instance for now',
          );
        }
      }
    }
    return op(memory);
  }

  /** The key of a subject in the window `now` falls in, and how long that window still runs. */
  private windowOf(limit: RateLimit, subject: string) {
    const now = this.clock().getTime();
    const index = Math.floor(now / limit.windowMs);
    return {
      key: `${subjectKey(subject)}:${index}`,
      msLeft: (index + 1) * limit.windowMs - now,
    };
  }

  /**
   * Counts one hit; the milliseconds until the window ends when it went over the limit, null when it
   * went through. `key` is where it was counted, for a refund.
   */
  private async hit(
    limit: RateLimit,
    subject: string,
  ): Promise<{ key: string; refusedFor: number | null }> {
    const { key, msLeft } = this.windowOf(limit, subject);
    try {
      await this.run(limit, (l) => l.consume(key));
      return { key, refusedFor: null };
    } catch (refusal) {
      if (refusal instanceof RateLimiterRes) return { key, refusedFor: msLeft };
      // Only a failure of the in-process count gets here; failing open beats refusing every parent.
      this.log?.warn({ limit: limit.name }, 'rate limit store failed');
      return { key, refusedFor: null };
    }
  }

  /** Counts this request; 429 once the window holds more than `max`. */
  async consume(limit: RateLimit, subject: string, reply: FastifyReply): Promise<void> {
    const { refusedFor } = await this.hit(limit, subject);
    if (refusedFor !== null) throw tooManyRequests(reply, refusedFor);
  }

  /**
   * For limits on failures (wrong passwords): counts the attempt in every limit before it is made, 429
   * when any of them is past `max` (the others are given back), and returns `forgive` to call when it did
   * not fail. Counting first is what holds under parallel requests: a check made before any of them was
   * counted would let them all through.
   */
  async attempt(
    checks: { limit: RateLimit; subject: string }[],
    reply: FastifyReply,
  ): Promise<Attempt> {
    const counted: { limit: RateLimit; key: string }[] = [];
    let longest: number | null = null;
    for (const { limit, subject } of checks) {
      const { key, refusedFor } = await this.hit(limit, subject);
      if (refusedFor === null) counted.push({ limit, key });
      else longest = Math.max(longest ?? 0, refusedFor);
    }
    const giveBack = async () => {
      for (const { limit, key } of counted.splice(0)) {
        await this.run(limit, (l) => l.reward(key)).catch(() => undefined);
      }
    };
    if (longest !== null) {
      await giveBack();
      throw tooManyRequests(reply, longest);
    }
    return { forgive: giveBack };
  }

  /** Remembers a fact about a subject for a while (a client that signed in before). */
  async remember(limit: RateLimit, subject: string): Promise<void> {
    await this.run(limit, (l) =>
      l.set(subjectKey(subject), 1, Math.round(limit.windowMs / 1000)),
    ).catch(() => undefined);
  }

  async remembers(limit: RateLimit, subject: string): Promise<boolean> {
    try {
      const res = await this.run(limit, (l) => l.get(subjectKey(subject)));
      return res !== null && res.consumedPoints > 0;
    } catch {
      return false;
    }
  }
}

// One limiter per built app: every module of an app gets the same ModuleDeps object, and tests that build
// several apps without Redis get separate counts, as separate processes would.
const limiters = new WeakMap<ModuleDeps, RateLimiter>();

export function rateLimiter(deps: ModuleDeps): RateLimiter {
  const limiter = limiters.get(deps);
  if (!limiter) throw new Error('installRateLimits(app, deps) must run before the routes');
  return limiter;
}

/** How long start-up waits for Redis before counting in process until it answers. */
const REDIS_CONNECT_WAIT_MS = 3000;

/** Creates the app's limiter (and its Redis connection, closed with the app). */
export async function installRateLimits(
  app: FastifyInstance,
  deps: ModuleDeps,
): Promise<RateLimiter> {
  const redisUrl = deps.config.redisUrl;
  let redis: Redis | null = null;
  if (redisUrl) {
    // No offline queue: while Redis is away a command fails at once and the insurance limiter answers,
    // instead of every login waiting for a reconnect. A Redis that is there but frozen is cut off by the
    // timeouts: a connection that does not get ready, a command that gets no answer.
    redis = new Redis(redisUrl, {
      enableOfflineQueue: false,
      maxRetriesPerRequest: 1,
      lazyConnect: true,
      connectTimeout: REDIS_CONNECT_WAIT_MS,
      commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
    });
    let warned = false;
    redis.on('error', () => {
      if (warned) return;
      warned = true;
      app.log.warn('Redis does not answer: rate limits are counted per instance until it does');
    });
    redis.on('ready', () => {
      warned = false;
    });
    const client = redis;
    app.addHook('onClose', async () => {
      client.disconnect();
    });
    // The first requests should already count in Redis; a Redis that is away does not hold start-up.
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      client.connect().catch(() => undefined),
      new Promise((resolve) => {
        timer = setTimeout(resolve, REDIS_CONNECT_WAIT_MS);
      }),
    ]);
    clearTimeout(timer);
  }
  const limiter = new RateLimiter(redis, deps.clock, app.log);
  limiters.set(deps, limiter);
  return limiter;
}

/** A hook counting requests per client address (`onRequest`: before the body is even read). */
export function limitPerIp(deps: ModuleDeps, limit: RateLimit) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    await rateLimiter(deps).consume(limit, clientAddressKey(request.ip), reply);
  };
}
