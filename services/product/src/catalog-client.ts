import { catalogueProductSchema, type CatalogueProduct } from '@storefront/commerce/catalog';
import { createInternalClient, type ServiceEndpoints } from '@storefront/server-kit';
import { z } from 'zod';

const summariesSchema = z.object({ products: z.array(catalogueProductSchema) });
const SUMMARIES = '/internal/product-summaries';

export interface CatalogClient {
  /** A token that changes whenever the catalogue's summaries do (their ETag, asked with HEAD). */
  summariesVersion(): Promise<string>;
  /** Catalogue summaries (identity, price, picture) of every catalogue product. */
  summaries(): Promise<CatalogueProduct[]>;
  close(): Promise<void>;
}

/**
 * The product service's one seam to the catalog service, which owns identity and prices; its reads wait
 * out a catalog restart for up to `outageHoldMs`.
 */
export function createCatalogClient(
  baseUrl: string,
  timeoutMs: number,
  serviceKey: string,
  outageHoldMs: number,
  endpoints: ServiceEndpoints | null,
): CatalogClient {
  const catalog = createInternalClient({
    service: 'catalog',
    baseUrl,
    serviceKey,
    timeoutMs,
    connections: 2,
    outageHoldMs,
    endpoints,
  });
  async function ask(method: 'GET' | 'HEAD') {
    const answer = await catalog.call({ method, path: SUMMARIES });
    if (answer.status !== 200) throw new Error(`catalog answered ${answer.status}`);
    return answer;
  }
  return {
    async summariesVersion() {
      const etag = (await ask('HEAD')).headers.etag;
      if (typeof etag !== 'string') throw new Error('catalog summaries came without an ETag');
      return etag;
    },
    async summaries() {
      return summariesSchema.parse((await ask('GET')).body).products;
    },
    close: catalog.close,
  };
}
