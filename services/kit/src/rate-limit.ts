import type { RequestHandler } from 'express';
import { HttpProblem } from './problems';

export interface RateLimitOptions {
  /** Requests allowed per key in each window. */
  limit: number;
  windowMs: number;
  /** What is being limited, in the shopper's words, for the 429 message. */
  what: string;
}

/**
 * A fixed-window limiter per client address, in this process's memory. Behind several instances the
 * same counters belong in Redis (deploy/README.md); the contract (429 with Retry-After) stays the same.
 */
export function rateLimit({ limit, windowMs, what }: RateLimitOptions): RequestHandler {
  const windows = new Map<string, { startedAt: number; count: number }>();
  return (req, _res, next) => {
    const now = Date.now();
    const key = req.ip ?? 'unknown';
    let window = windows.get(key);
    if (!window || now - window.startedAt >= windowMs) {
      window = { startedAt: now, count: 0 };
      windows.set(key, window);
      if (windows.size > 10_000) {
        for (const [k, w] of windows) if (now - w.startedAt >= windowMs) windows.delete(k);
      }
    }
    window.count += 1;
    if (window.count > limit) {
      const retryAfter = Math.ceil((window.startedAt + windowMs - now) / 1000);
      return next(
        new HttpProblem(
          429,
          'Too many requests',
          `Too many ${what}. Please wait ${retryAfter} seconds and try again.`,
          undefined,
          {
            'Retry-After': String(retryAfter),
          },
        ),
      );
    }
    next();
  };
}
