import type { RequestHandler } from 'express';
import { RateLimiterMemory, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { HttpProblem } from './problems';

export interface RateLimitOptions {
  /** Attempts allowed per key in each window. */
  limit: number;
  windowMs: number;
}

/** Seconds until a limited key may try again, rounded up so that a retry at that time succeeds. */
const secondsUntil = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

/**
 * Counters per key over a fixed window, kept by rate-limiter-flexible. They live in this process's
 * memory today; the library has the same limiter over Redis and PostgreSQL, so sharing the counts
 * between instances changes the store and not this contract: count, refuse past the limit, say when
 * to retry.
 */
export class Limiter {
  private readonly store: RateLimiterAbstract;

  constructor(
    readonly name: string,
    private readonly options: RateLimitOptions,
  ) {
    this.store = new RateLimiterMemory({
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

  /** Counts one attempt for `key`; past the limit, throws 429 telling the client how long to wait. */
  async charge(key: string, what: string): Promise<void> {
    const retryAfter = await this.hit(key);
    if (retryAfter !== null) throw tooManyAttempts(what, retryAfter);
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

/** 429 problem+json with Retry-After, in the shop's words. */
function tooManyAttempts(what: string, retryAfter: number): HttpProblem {
  return new HttpProblem(
    429,
    'Too many requests',
    `Too many ${what}. Please wait ${retryAfter} seconds and try again.`,
    undefined,
    { 'Retry-After': String(retryAfter) },
  );
}

/** Limits requests per client address (as TRUST_PROXY resolves it), answering 429 past the limit. */
export function rateLimit({ what, ...options }: RateLimitOptions & { what: string }): RequestHandler {
  const limiter = new Limiter(what, options);
  return (req, _res, next) => {
    limiter.charge(req.ip ?? 'unknown', what).then(() => next(), next);
  };
}
