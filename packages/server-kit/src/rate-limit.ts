import type { RequestHandler } from 'express';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import {
  RateLimiterMemory,
  RateLimiterPostgres,
  RateLimiterRedis,
  RateLimiterRes,
  type RateLimiterAbstract,
} from 'rate-limiter-flexible';
import type { Queryable } from './database';
import { DomainError } from './domain-errors';

export interface RateLimitOptions {
  /** Attempts allowed per key in each window. */
  limit: number;
  windowMs: number;
}

interface CounterSettings {
  keyPrefix: string;
  points: number;
  /** Seconds. */
  duration: number;
}

/**
 * Where a service's counters live. Every instance of a service must count in the same place, or two
 * instances allow twice the limit: Redis when the deployment has one, else the service's PostgreSQL
 * (table `rate_limits`, kit migration 001), and the process's memory only for the embedded
 * single-process default.
 */
export interface LimitStore {
  readonly kind: 'memory' | 'redis' | 'postgres';
  counters(settings: CounterSettings): RateLimiterAbstract;
}

export const memoryLimits: LimitStore = {
  kind: 'memory',
  counters: (settings) => new RateLimiterMemory(settings),
};

/**
 * Counters in Redis. While Redis cannot be reached, each instance keeps counting in its own memory
 * (rate-limiter-flexible's insurance limiter): limits loosen to one budget per instance for the outage,
 * instead of refusing every shopper or letting anyone through. `namespace` is the service's name.
 */
export function redisLimits(client: Redis, namespace: string): LimitStore {
  return {
    kind: 'redis',
    counters: (settings) =>
      new RateLimiterRedis({
        ...settings,
        // One Redis may serve several services: each counts under its own name.
        keyPrefix: `${namespace}:${settings.keyPrefix}`,
        storeClient: client,
        rejectIfRedisNotReady: true,
        insuranceLimiter: new RateLimiterMemory(settings),
      }),
  };
}

/**
 * Whose counters a service keeps in a shared Redis: its schema's name when it has one (so that two
 * stacks on one Redis, a developer's and the e2e suite's, count apart), else its own name.
 */
export const limitNamespace = (service: string, schema?: string) => schema ?? service;

/** Forgets every counter kept under `namespace` (a stack starting fresh). */
export async function clearLimits(url: string, namespace: string): Promise<void> {
  const { Redis } = await import('ioredis');
  const redis = new Redis(url, { maxRetriesPerRequest: 1 });
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${namespace}:*`, 'COUNT', 500);
      if (keys.length) await redis.del(...keys);
      cursor = next;
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
}

/**
 * A Redis connection for counters: commands fail at once while it is down (no queue to wait in), and
 * the outage and the recovery are each logged once. The client is loaded only by a service that has
 * a Redis (a restarted service without one is ready sooner).
 */
export async function connectRedis(url: string, logger: Logger): Promise<Redis> {
  const { Redis } = await import('ioredis');
  const redis = new Redis(url, { enableOfflineQueue: false, maxRetriesPerRequest: 1 });
  let down = false;
  redis.on('error', (error: Error) => {
    if (!down) logger.warn({ err: error }, 'Redis unreachable: rate limits are counted per instance');
    down = true;
  });
  redis.on('ready', () => {
    if (down) logger.info('Redis reachable again: rate limits are shared');
    down = false;
  });
  return redis;
}

/** Counters in the service's own PostgreSQL schema, with the same insurance as Redis's. */
export function postgresLimits(db: Queryable): LimitStore {
  // rate-limiter-flexible asks a pg pool; this passes its statements to the kit's database instead.
  const storeClient = {
    query: ({ text, values }: { text: string; values?: unknown[] }) => db.query(text, values),
  };
  return {
    kind: 'postgres',
    counters: (settings) =>
      new RateLimiterPostgres({
        ...settings,
        storeClient,
        storeType: 'pool',
        tableName: 'rate_limits',
        tableCreated: true,
        insuranceLimiter: new RateLimiterMemory(settings),
      }),
  };
}

/** Seconds until a limited key may try again, rounded up so that a retry at that time succeeds. */
const secondsUntil = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

/**
 * Counters per key over a fixed window, kept by rate-limiter-flexible in a `LimitStore` (memory unless
 * given one): count, refuse past the limit, say when to retry.
 */
export class Limiter {
  private readonly store: RateLimiterAbstract;

  constructor(
    readonly name: string,
    private readonly options: RateLimitOptions,
    limits: LimitStore = memoryLimits,
  ) {
    this.store = limits.counters({
      keyPrefix: name,
      points: options.limit,
      duration: options.windowMs / 1000,
    });
  }

  /** Counts one attempt for `key`; null while within the limit, else the seconds until the window ends. */
  async hit(key: string): Promise<number | null> {
    try {
      await this.store.consume(key);
      return null;
    } catch (refusal) {
      if (refusal instanceof RateLimiterRes) return secondsUntil(refusal.msBeforeNext);
      throw refusal;
    }
  }

  /**
   * Counts one attempt for `key`; past the limit, refuses: with the shop's 'too-many' error naming `what`
   * was attempted, or with the error `refuse` makes (a service answering in another API's words).
   */
  async charge(key: string, refuse: string | ((retryAfterSeconds: number) => Error)): Promise<void> {
    const retryAfter = await this.hit(key);
    if (retryAfter === null) return;
    throw typeof refuse === 'string' ? tooManyAttempts(refuse, retryAfter) : refuse(retryAfter);
  }

  /** Without counting: null when `key` may still try, else the seconds until it may. */
  async refusal(key: string): Promise<number | null> {
    const state = await this.store.get(key);
    return state && state.consumedPoints >= this.options.limit ? secondsUntil(state.msBeforeNext) : null;
  }

  /** Forgets `key`'s attempts (after a success that proves them honest). */
  async forget(key: string): Promise<void> {
    await this.store.delete(key);
  }
}

/** Too many attempts, in the shop's words (answered 429 with Retry-After). */
const tooManyAttempts = (what: string, retryAfter: number) =>
  new DomainError(
    'too-many',
    'Too many requests',
    `Too many ${what}. Please wait ${retryAfter} seconds and try again.`,
    retryAfter,
  );

/** Limits requests per client address (as TRUST_PROXY resolves it), answering 429 past the limit. */
export function rateLimit(
  { what, ...options }: RateLimitOptions & { what: string },
  limits: LimitStore = memoryLimits,
): RequestHandler {
  const limiter = new Limiter(what, options, limits);
  return (req, _res, next) => {
    limiter.charge(req.ip ?? 'unknown', what).then(() => next(), next);
  };
}
