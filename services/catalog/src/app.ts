import {
  dataVersion,
  HttpProblem,
  openLiveSnapshot,
  type Database,
  type Logger,
  type ServiceParts,
} from '@storefront/service-kit';
import { Router } from 'express';
import { loadCatalogSnapshot, type CurrentCatalog } from './catalog-snapshot';
import { imageRoutes } from './routes/images';
import { productSummaryRoutes } from './routes/product-summaries';
import { quoteRoutes } from './routes/quote';
import { storefrontRoutes } from './routes/storefront';

export function catalogRoutes(current: CurrentCatalog): Router {
  return Router()
    .use(storefrontRoutes(current))
    .use(imageRoutes(current))
    .use(quoteRoutes(current))
    .use(productSummaryRoutes(current));
}

/** The catalog service: every read and quote answered from a live snapshot of its database. */
export async function startCatalog({ db, logger }: { db: Database; logger: Logger }): Promise<ServiceParts> {
  const snapshot = await openLiveSnapshot({
    name: 'catalog',
    version: () => dataVersion(db),
    load: () => loadCatalogSnapshot(db),
    logger,
  });
  const current: CurrentCatalog = () => {
    const data = snapshot.current();
    if (!data)
      throw new HttpProblem(
        503,
        'Catalogue unavailable',
        'The catalogue is loading. Please try again shortly.',
      );
    return data;
  };
  return {
    routes: catalogRoutes(current),
    published: (path) => snapshot.current()?.published.get(path),
    stop: snapshot.close,
  };
}
