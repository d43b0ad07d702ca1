import type { RequestHandler } from 'express';
import { HttpProblem } from './problems';

export interface RateLimitOptions {
  /** Requests allowed per key in each window. */
  limit: number;
  windowMs: number;
}

/**
 * Fixed-window counters per key, in this process's memory. Behind several instances the same counters
 * belong in Redis (deploy/README.md); the contract (refuse past the limit, say when to retry) stays.
 */
export class FixedWindowLimiter {
  private readonly windows = new Map<string, { startedAt: number; count: number }>();

  constructor(private readonly options: RateLimitOptions) {}

  /** Counts one attempt for `key`; null when allowed, else the seconds until the window ends. */
  hit(key: string, now = Date.now()): number | null {
    const { limit, windowMs } = this.options;
    let window = this.windows.get(key);
    if (!window || now - window.startedAt >= windowMs) {
      window = { startedAt: now, count: 0 };
      this.windows.set(key, window);
      if (this.windows.size > 10_000) {
        for (const [k, w] of this.windows) if (now - w.startedAt >= windowMs) this.windows.delete(k);
      }
    }
    window.count += 1;
    return window.count > limit ? Math.ceil((window.startedAt + windowMs - now) / 1000) : null;
  }
}

/** Limits requests per client address, answering 429 problem+json with Retry-After past the limit. */
export function rateLimit({ what, ...options }: RateLimitOptions & { what: string }): RequestHandler {
  const limiter = new FixedWindowLimiter(options);
  return (req, _res, next) => {
    const retryAfter = limiter.hit(req.ip ?? 'unknown');
    if (retryAfter === null) return next();
    next(
      new HttpProblem(
        429,
        'Too many requests',
        `Too many ${what}. Please wait ${retryAfter} seconds and try again.`,
        undefined,
        { 'Retry-After': String(retryAfter) },
      ),
    );
  };
}
