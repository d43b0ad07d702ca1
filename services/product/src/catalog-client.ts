import { catalogueProductSchema, type CatalogueProduct } from '@storefront/commerce';
import { HttpProblem, REQUEST_ID_HEADER } from '@storefront/service-kit';
import { z } from 'zod';

const summariesSchema = z.object({ products: z.array(catalogueProductSchema) });

export interface CatalogClient {
  /** Catalogue summaries (identity, price, picture) of the given products, in that order. */
  summaries(ids: string[], requestId?: string): Promise<CatalogueProduct[]>;
}

/** The product service's one seam to the catalog service, which owns identity and prices. */
export function createCatalogClient(baseUrl: string, timeoutMs: number): CatalogClient {
  return {
    async summaries(ids, requestId) {
      const url = `${baseUrl}/internal/product-summaries?ids=${ids.map(encodeURIComponent).join(',')}`;
      try {
        const response = await fetch(url, {
          signal: AbortSignal.timeout(timeoutMs),
          headers: requestId ? { [REQUEST_ID_HEADER]: requestId } : {},
        });
        if (!response.ok) throw new Error(`catalog answered ${response.status}`);
        return summariesSchema.parse(await response.json()).products;
      } catch (error) {
        throw new HttpProblem(
          503,
          'Product information unavailable',
          'Product information cannot be loaded right now. Please try again shortly.',
          undefined,
          {},
          error,
        );
      }
    },
  };
}
