import { catalogueProductSchema, type CatalogueProduct } from '@storefront/commerce';
import { SERVICE_KEY_HEADER } from '@storefront/service-kit';
import { z } from 'zod';

const summariesSchema = z.object({ products: z.array(catalogueProductSchema) });

export interface CatalogClient {
  /** A token that changes whenever the catalogue's summaries do (their ETag, asked with HEAD). */
  summariesVersion(): Promise<string>;
  /** Catalogue summaries (identity, price, picture) of every catalogue product. */
  summaries(): Promise<CatalogueProduct[]>;
}

/** The product service's one seam to the catalog service, which owns identity and prices. */
export function createCatalogClient(baseUrl: string, timeoutMs: number, serviceKey: string): CatalogClient {
  const url = `${baseUrl}/internal/product-summaries`;
  async function ask(method: 'GET' | 'HEAD') {
    const response = await fetch(url, {
      method,
      headers: { [SERVICE_KEY_HEADER]: serviceKey },
      signal: AbortSignal.timeout(timeoutMs),
    });
    if (!response.ok) throw new Error(`catalog answered ${response.status}`);
    return response;
  }
  return {
    async summariesVersion() {
      const etag = (await ask('HEAD')).headers.get('etag');
      if (!etag) throw new Error('catalog summaries came without an ETag');
      return etag;
    },
    async summaries() {
      return summariesSchema.parse(await (await ask('GET')).json()).products;
    },
  };
}
