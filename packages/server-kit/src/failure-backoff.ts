import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import { memoryLimits, type LimitStore } from './rate-limit';

export interface BackoffOptions {
  /** Failures per key within the window that cost no wait. */
  freeFailures: number;
  /** How long failures are remembered. */
  windowMs: number;
  /** The longest wait one failure brings. */
  maxDelayMs: number;
}

/**
 * Failures per key (an account, wherever its guesses come from), slowed rather than refused: past the
 * free ones, each failure holds the key for twice as long as the one before (1 s, 2 s, 4 s … up to
 * `maxDelayMs`). A guesser spread over many addresses gets a handful of tries an hour; the owner, told
 * when to try again, is never locked out for longer than the longest wait. Kept in a `LimitStore`, so
 * every instance of a service sees the same holds.
 */
export class FailureBackoff {
  private readonly failures: RateLimiterAbstract;
  private readonly holds: RateLimiterAbstract;

  constructor(
    readonly name: string,
    private readonly options: BackoffOptions,
    limits: LimitStore = memoryLimits,
  ) {
    this.failures = limits.counters({
      keyPrefix: `${name}-failures`,
      points: Number.MAX_SAFE_INTEGER,
      duration: options.windowMs / 1000,
    });
    this.holds = limits.counters({
      keyPrefix: `${name}-holds`,
      points: 1,
      duration: options.maxDelayMs / 1000,
    });
  }

  /** Null when `key` may try now, else the seconds until it may. */
  async wait(key: string): Promise<number | null> {
    const hold = await this.holds.get(key);
    return hold && hold.consumedPoints >= 1 && hold.msBeforeNext > 0
      ? Math.max(1, Math.ceil(hold.msBeforeNext / 1000))
      : null;
  }

  /** Counts a failure of `key`; past the free ones, holds it for its doubled delay. */
  async fail(key: string): Promise<void> {
    const { consumedPoints } = await this.failures.consume(key);
    const beyond = consumedPoints - this.options.freeFailures;
    if (beyond <= 0) return;
    const delayMs = Math.min(this.options.maxDelayMs, 1000 * 2 ** Math.min(beyond - 1, 30));
    await this.holds.block(key, delayMs / 1000);
  }

  /** Forgets `key`'s failures (after a success that proves them the owner's). */
  async forget(key: string): Promise<void> {
    await Promise.all([this.failures.delete(key), this.holds.delete(key)]);
  }
}
