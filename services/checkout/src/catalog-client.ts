import {
  priceListLeaseSchema,
  quoteSchema,
  type Quote,
  type QuoteRequest,
} from '@storefront/commerce/catalog';
import { unpricedDetail } from '@storefront/commerce/price-list';
import {
  createInternalClient,
  DomainError,
  ServiceUnreachable,
  type ServiceEndpoints,
} from '@storefront/server-kit';
import { leasePrices } from './leased-prices';

export interface CatalogPricing {
  /** Prices lines from one channel's price list; refuses anything that channel does not sell. */
  quote(request: QuoteRequest, requestId?: string): Promise<Quote>;
  close(): Promise<void>;
}

const pricingUnavailable = (cause?: unknown) =>
  new DomainError(
    'unavailable',
    'Pricing unavailable',
    'Prices cannot be confirmed right now. Please try again shortly.',
    undefined,
    cause,
  );

const notForSale = (detail: string) => new DomainError('refused', 'Not available', detail);

/**
 * The checkout service's one seam to the catalog service, the owner of every price. Lines are priced from
 * the price lists the catalog lends (ADR 0022) while a lease is in force, else by the catalog's quote,
 * which waits out a catalog restart for up to `outageHoldMs`.
 */
export function createCatalogPricing(
  baseUrl: string,
  timeoutMs: number,
  serviceKey: string,
  outageHoldMs: number,
  endpoints: ServiceEndpoints | null,
): CatalogPricing {
  const catalog = createInternalClient({
    service: 'catalog',
    baseUrl,
    serviceKey,
    timeoutMs,
    outageHoldMs,
    endpoints,
  });
  const leased = leasePrices(async () => {
    // Not held through an outage: the order meanwhile is quoted, and that quote waits.
    const answer = await catalog.call({ method: 'GET', path: '/internal/price-list', repeatable: false });
    return answer.status === 200 ? priceListLeaseSchema.parse(answer.body) : null;
  });
  return {
    async quote(request, requestId) {
      const fromCopy = leased.quote(request);
      if (fromCopy) {
        if (!fromCopy.ok) throw notForSale(unpricedDetail(fromCopy.errors));
        return fromCopy.quote;
      }
      let answer;
      try {
        answer = await catalog.call({
          method: 'POST',
          path: '/internal/quote',
          body: request,
          requestId,
          // A quote changes nothing: it may wait out a catalog restart.
          repeatable: true,
        });
      } catch (error) {
        if (error instanceof ServiceUnreachable) throw pricingUnavailable(error);
        throw error;
      }
      if (answer.status === 422) {
        const problem = answer.body as { detail?: string } | undefined;
        throw notForSale(problem?.detail ?? 'Some items are not available at this price list.');
      }
      if (answer.status !== 200) throw pricingUnavailable();
      return quoteSchema.parse(answer.body);
    },
    close: catalog.close,
  };
}
