import type { CurrentCatalog } from './catalog-snapshot';

/** What the catalog service is made of: the catalogue's current snapshot, every read answered from it. */
export interface CatalogParts {
  current: CurrentCatalog;
}
