import type { CurrentCatalog } from './catalog-snapshot';
import type { PriceLeases } from './price-leases';

/**
 * What the catalog service is made of: the catalogue's current snapshot, every read answered from it,
 * and the leases on its price lists it has lent.
 */
export interface CatalogParts {
  current: CurrentCatalog;
  leases: PriceLeases;
}
