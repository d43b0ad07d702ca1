import type { HomeProduct } from '@storefront/commerce/catalog';

/** Spec section 2: the grid shows at most 9 products, in rows of 3. */
export const MAX_GRID_ITEMS = 9;

/** Suggested when a search finds nothing. */
export const SEARCH_SUGGESTIONS = ['retatrutide', 'ghk-cu', 'igf1-lr3', 'bpc-157', 'cjc-1295'];

/** Case-insensitive, trimmed substring match on name, description, applications or any keyword (spec §5). */
export function searchHomeProducts(products: readonly HomeProduct[], query: string): HomeProduct[] {
  const needle = query.trim().toLowerCase();
  if (!needle) return [...products];
  return products.filter((product) =>
    [product.name, product.description, ...product.applications, ...product.keywords].some((text) =>
      text.toLowerCase().includes(needle),
    ),
  );
}

/** Spec section 2: exactly 6 results get one 'Coming Soon' placeholder, exactly 7 get two. */
export function comingSoonPlaceholders(resultCount: number): number {
  if (resultCount === 6) return 1;
  if (resultCount === 7) return 2;
  return 0;
}

/** A card's checkout link: the catalog's address for the product's checkout, with the dose shown. */
export function checkoutHref(checkoutPath: string, dose: string): string {
  return `${checkoutPath}?dosage=${encodeURIComponent(dose)}&quantity=1`;
}
