import type { ProductPage } from '@storefront/commerce/product';
import { DomainError } from '@storefront/server-kit/domain';

/** What a product's page is looked up in: the pages on sale, and every product this service has a record of. */
export interface ProductPages {
  pages: ReadonlyMap<string, ProductPage>;
  recorded: ReadonlySet<string>;
}

/** A product's page; one it has a record of but does not sell is not found either, and the answer says so. */
export function findProductPage({ pages, recorded }: ProductPages, id: string): ProductPage {
  const page = pages.get(id);
  if (page) return page;
  if (recorded.has(id)) throw new DomainError('not-found', 'Product not found', `"${id}" is not for sale.`);
  throw new DomainError('not-found', 'Product not found', `There is no product "${id}".`);
}
