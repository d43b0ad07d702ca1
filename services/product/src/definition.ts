import path from 'node:path';
import {
  DEFAULT_PORTS,
  dataVersion,
  localUrl,
  openLiveSnapshot,
  shopName,
  url,
  type Database,
  type EdgeControl,
  type Logger,
  type ServiceDefinition,
  type ServiceParts,
} from '@storefront/server-kit';
import { z } from 'zod';
import { productServiceRoutes } from './app';
import type { ProductParts } from './parts';
import { createCatalogClient, type CatalogClient } from './catalog-client';
import { loadProductSnapshot } from './product-snapshot';
import { version } from '../package.json';

const configShape = {
  CATALOG_SERVICE_URL: url().default(localUrl('catalog')),
  CATALOG_TIMEOUT_MS: z.coerce.number().int().positive().default(3000),
  SHOP_NAME: shopName(),
};

/**
 * The product service: every page answered from a live snapshot, reloaded when its own records or the
 * catalogue's summaries change (the catalogue is asked for its ETag at each version check).
 */
export async function startProduct(
  { db, logger, edge }: { db: Database; logger: Logger; edge?: EdgeControl },
  { catalog, shopName }: { catalog: CatalogClient } & Pick<ProductParts, 'shopName'>,
): Promise<ServiceParts> {
  const snapshot = await openLiveSnapshot({
    name: 'product pages',
    version: async () => `${await dataVersion(db)}|${await catalog.summariesVersion()}`,
    load: () => loadProductSnapshot(db, catalog),
    logger,
    publish: edge?.publish,
  });
  return {
    routes: productServiceRoutes({ current: snapshot.current, shopName }),
    published: (path) => snapshot.current()?.published.get(path),
    stop: () => {
      snapshot.close();
      void catalog.close();
    },
  };
}

export const productService: ServiceDefinition<typeof configShape> = {
  name: 'product',
  version,
  defaultPort: DEFAULT_PORTS.product,
  configShape,
  migrationsDir: path.join(__dirname, '../migrations'),
  start: (context) =>
    startProduct(context, {
      catalog: createCatalogClient(
        context.config.CATALOG_SERVICE_URL,
        context.config.CATALOG_TIMEOUT_MS,
        context.config.SERVICE_KEY,
        context.config.SERVICE_OUTAGE_HOLD_MS,
        context.endpoints,
      ),
      shopName: context.config.SHOP_NAME,
    }),
};
