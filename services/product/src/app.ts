import {
  dataVersion,
  openLiveSnapshot,
  type Database,
  type Logger,
  type ServiceParts,
} from '@storefront/service-kit';
import type { CatalogClient } from './catalog-client';
import { loadProductSnapshot } from './product-snapshot';
import { productRoutes } from './routes/products';

/**
 * The product service: every page answered from a live snapshot, reloaded when its own records or the
 * catalogue's summaries change (the catalogue is asked for its ETag at each version check).
 */
export async function startProduct(
  { db, logger }: { db: Database; logger: Logger },
  catalog: CatalogClient,
  shopName: string,
): Promise<ServiceParts> {
  const snapshot = await openLiveSnapshot({
    name: 'product pages',
    version: async () => `${await dataVersion(db)}|${await catalog.summariesVersion()}`,
    load: () => loadProductSnapshot(db, catalog),
    logger,
  });
  return {
    routes: productRoutes(snapshot.current, shopName),
    published: (path) => snapshot.current()?.published.get(path),
    stop: () => {
      snapshot.close();
      void catalog.close();
    },
  };
}
