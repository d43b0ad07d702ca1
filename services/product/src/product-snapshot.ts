import type { ProductPage } from '@storefront/commerce/product';
import { representJson, type Database, type Representation } from '@storefront/server-kit';
import type { CatalogClient } from './catalog-client';
import { listDetails } from './store/details-store';

export const pagePath = (productId: string) => `/products/${productId}`;

/** Every product page, put together from this service's records and the catalogue's summaries. */
export interface ProductSnapshot {
  /** Each page's body, by path. */
  published: ReadonlyMap<string, Representation>;
  pages: ReadonlyMap<string, ProductPage>;
  /** Products with a record, whether the catalogue sells them or not. */
  recorded: ReadonlySet<string>;
}

export async function loadProductSnapshot(db: Database, catalog: CatalogClient): Promise<ProductSnapshot> {
  const [details, summaries] = await Promise.all([listDetails(db), catalog.summaries()]);
  const summaryOf = new Map(summaries.map((summary) => [summary.id, summary]));
  const pages = new Map<string, ProductPage>();
  const published = new Map<string, Representation>();
  for (const { productId, relatedIds, ...record } of details) {
    const product = summaryOf.get(productId);
    if (!product) continue;
    const related = relatedIds.flatMap((id) => {
      const summary = summaryOf.get(id);
      return summary ? [{ id, name: summary.name, price: summary.price, image: summary.image }] : [];
    });
    const page: ProductPage = { product, ...record, related };
    pages.set(productId, page);
    published.set(pagePath(productId), representJson(page, 'public, max-age=60'));
  }
  return { published, pages, recorded: new Set(details.map((detail) => detail.productId)) };
}
