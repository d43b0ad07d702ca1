import type { CatalogueProduct } from '@storefront/commerce/catalog';

export const ALL_CATEGORIES = 'All';

export type CatalogueSort = 'name' | 'price' | 'purity';

export const SORT_OPTIONS: Array<{ value: CatalogueSort; label: string }> = [
  { value: 'name', label: 'Name (A to Z)' },
  { value: 'price', label: 'Price (low to high)' },
  { value: 'purity', label: 'Purity (high to low)' },
];

export interface CatalogueQuery {
  search: string;
  category: string;
  sort: CatalogueSort;
}

const SORTS = new Set<string>(SORT_OPTIONS.map((option) => option.value));

/** The catalogue's search, category and sort from its address (?search=&category=&sort=), or the defaults. */
export function catalogueQueryFrom(fields: { get(name: string): string | null }): CatalogueQuery {
  const sort = fields.get('sort') ?? '';
  return {
    search: fields.get('search') ?? '',
    category: fields.get('category') || ALL_CATEGORIES,
    sort: SORTS.has(sort) ? (sort as CatalogueSort) : 'name',
  };
}

/** The address's query for a catalogue view (`?search=&category=&sort=`), naming only what differs from the defaults. */
export function catalogueSearchOf({ search, category, sort }: CatalogueQuery): string {
  const fields = new URLSearchParams();
  if (search) fields.set('search', search);
  if (category !== ALL_CATEGORIES) fields.set('category', category);
  if (sort !== 'name') fields.set('sort', sort);
  const query = fields.toString();
  return query ? `?${query}` : '';
}

const comparators: Record<CatalogueSort, (a: CatalogueProduct, b: CatalogueProduct) => number> = {
  name: (a, b) => a.name.localeCompare(b.name, 'en'),
  price: (a, b) => a.price - b.price || a.name.localeCompare(b.name, 'en'),
  purity: (a, b) => b.purity - a.purity || a.name.localeCompare(b.name, 'en'),
};

/** Spec section 5: search matches name or category; filter by category; sort by name, price up, purity down. */
export function viewCatalogue(
  products: readonly CatalogueProduct[],
  { search, category, sort }: CatalogueQuery,
): CatalogueProduct[] {
  const needle = search.trim().toLowerCase();
  return products
    .filter((p) => category === ALL_CATEGORIES || p.category === category)
    .filter(
      (p) => !needle || p.name.toLowerCase().includes(needle) || p.category.toLowerCase().includes(needle),
    )
    .sort(comparators[sort]);
}
