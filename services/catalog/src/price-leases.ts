import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';

/** How long the checkout may price from a price list it was lent: also how long a price change waits. */
export const DEFAULT_PRICE_LEASE_MS = 500;

/**
 * The catalog's promise behind every price list it lends (ADR 0022): while a lease it granted runs, the
 * prices it lent are the ones it charges. So a change of its data is made current only once every lease
 * on the data before has ended, and no lease is granted while a change waits; quotes meanwhile answer
 * from the data before, as they did.
 */
export interface PriceLeases {
  /** The lease to grant now, in ms, or null while a change waits to be made current (or leases are off). */
  grant(): number | null;
  /** Makes a change current (`apply`) once every lease granted before it has ended. */
  change(apply: () => Promise<void>): Promise<void>;
}

/**
 * Leases of `leaseMs` (0 grants none). `now` is a clock whose zero is the process's start: a catalog that
 * has just started may succeed one that lent prices right before it stopped, and it honours those
 * leases as if it had granted one itself at its start.
 */
export function createPriceLeases(leaseMs: number, now = () => performance.now()): PriceLeases {
  let heldUntil = leaseMs;
  let changing = false;
  return {
    grant() {
      if (changing || leaseMs === 0) return null;
      heldUntil = Math.max(heldUntil, now() + leaseMs);
      return leaseMs;
    },
    async change(apply) {
      changing = true;
      try {
        // A timer may fire a fraction of a millisecond early: the clock decides, not the timer.
        for (let wait = heldUntil - now(); wait > 0; wait = heldUntil - now()) await sleep(Math.ceil(wait));
        await apply();
      } finally {
        changing = false;
      }
    },
  };
}
