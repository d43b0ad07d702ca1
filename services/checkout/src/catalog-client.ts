import { quoteSchema, type Quote, type QuoteRequest } from '@storefront/commerce';
import { HttpProblem, REQUEST_ID_HEADER, SERVICE_KEY_HEADER } from '@storefront/service-kit';

export interface CatalogPricing {
  /** Prices lines from one channel's price list; refuses anything that channel does not sell. */
  quote(request: QuoteRequest, requestId?: string): Promise<Quote>;
}

/** The checkout service's one seam to the catalog service, the owner of every price. */
export function createCatalogPricing(baseUrl: string, timeoutMs: number, serviceKey: string): CatalogPricing {
  return {
    async quote(request, requestId) {
      let response: Response;
      try {
        response = await fetch(`${baseUrl}/internal/quote`, {
          method: 'POST',
          signal: AbortSignal.timeout(timeoutMs),
          headers: {
            'content-type': 'application/json',
            [SERVICE_KEY_HEADER]: serviceKey,
            ...(requestId ? { [REQUEST_ID_HEADER]: requestId } : {}),
          },
          body: JSON.stringify(request),
        });
      } catch (error) {
        throw new HttpProblem(
          503,
          'Pricing unavailable',
          'Prices cannot be confirmed right now. Please try again shortly.',
          undefined,
          {},
          error,
        );
      }
      if (response.status === 422) {
        const problem = (await response.json()) as { detail?: string };
        throw new HttpProblem(
          422,
          'Not available',
          problem.detail ?? 'Some items are not available at this price list.',
        );
      }
      if (!response.ok) {
        throw new HttpProblem(
          503,
          'Pricing unavailable',
          'Prices cannot be confirmed right now. Please try again shortly.',
        );
      }
      return quoteSchema.parse(await response.json());
    },
  };
}
