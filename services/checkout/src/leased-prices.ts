import { performance } from 'node:perf_hooks';
import type { PriceListLease, QuoteRequest } from '@storefront/commerce/catalog';
import { indexPrices, priceQuote, type PriceOf, type QuoteOutcome } from '@storefront/commerce/price-list';

/** How soon a lease the catalog did not give (a change under way, an outage) is asked for again. */
export const LEASE_RETRY_MS = 250;

/**
 * The checkout's copy of the catalog's price lists, priced from while the catalog's lease on it runs
 * (ADR 0022), so an order costs no call to the catalog. Without a copy in force it prices nothing: the
 * order is quoted by the catalog, as it always could be.
 */
export interface LeasedPrices {
  /** The quote from the copy, or undefined when there is no copy in force. */
  quote(request: QuoteRequest): QuoteOutcome | undefined;
}

/**
 * `askForLease` asks the catalog (null: it lends none now). A lease is counted from the moment it was
 * asked for, never from its answer, so the copy ends no later than the catalog's promise. It is renewed
 * halfway through, while still in force: a steady flow of orders never waits for one.
 */
export function leasePrices(
  askForLease: () => Promise<PriceListLease | null>,
  now: () => number = () => performance.now(),
): LeasedPrices {
  let copy: { priceOf: PriceOf; validUntil: number; renewFrom: number } | undefined;
  let asking = false;
  let nextAskAt = 0;

  function renew(askedAt: number) {
    if (asking || askedAt < nextAskAt) return;
    asking = true;
    askForLease()
      .then(
        (lease) => {
          if (!lease) {
            nextAskAt = now() + LEASE_RETRY_MS;
            return;
          }
          copy = {
            priceOf: indexPrices(lease.prices),
            validUntil: askedAt + lease.leaseMs,
            renewFrom: askedAt + lease.leaseMs / 2,
          };
        },
        // Nothing to report here: the orders meanwhile are quoted, and a quote says what is wrong.
        () => {
          nextAskAt = now() + LEASE_RETRY_MS;
        },
      )
      .finally(() => {
        asking = false;
      });
  }

  return {
    quote(request) {
      const at = now();
      if (!copy || at >= copy.renewFrom) renew(at);
      return copy && at < copy.validUntil ? priceQuote(request, copy.priceOf) : undefined;
    },
  };
}
