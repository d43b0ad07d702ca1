import path from 'node:path';
import {
  DEFAULT_PORTS,
  dataVersion,
  HttpProblem,
  NO_EDGE,
  openLiveSnapshot,
  type Database,
  type EdgeControl,
  type Logger,
  type ServiceDefinition,
  type ServiceParts,
} from '@storefront/server-kit';
import { z } from 'zod';
import { catalogRoutes } from './app';
import { loadCatalogSnapshot, type CurrentCatalog } from './catalog-snapshot';
import { createPriceLeases, DEFAULT_PRICE_LEASE_MS } from './price-leases';
import { version } from '../package.json';

/**
 * The catalog service: every read and quote answered from a live snapshot of its database. A change of
 * the snapshot is made current once the price lists lent before it are no longer in use (ADR 0022), then
 * through the page cache edges (ADR 0021).
 */
export async function startCatalog({
  db,
  logger,
  edge = NO_EDGE,
  priceLeaseMs = DEFAULT_PRICE_LEASE_MS,
}: {
  db: Database;
  logger: Logger;
  edge?: EdgeControl;
  priceLeaseMs?: number;
}): Promise<ServiceParts> {
  const leases = createPriceLeases(priceLeaseMs);
  const snapshot = await openLiveSnapshot({
    name: 'catalog',
    version: () => dataVersion(db),
    load: () => loadCatalogSnapshot(db),
    logger,
    publish: (swap) => leases.change(() => edge.publish(swap)),
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
    routes: catalogRoutes({ current, leases }),
    published: (path) => snapshot.current()?.published.get(path),
    stop: snapshot.close,
  };
}

const configShape = {
  /**
   * How long the checkout may price from a price list the catalog lent it (ADR 0022); a price change is
   * charged at most this long after the catalog has loaded it. 0 lends none: every order is quoted.
   */
  PRICE_LEASE_MS: z.coerce.number().int().min(0).max(10_000).default(DEFAULT_PRICE_LEASE_MS),
};

export const catalogService: ServiceDefinition<typeof configShape> = {
  name: 'catalog',
  version,
  defaultPort: DEFAULT_PORTS.catalog,
  configShape,
  migrationsDir: path.join(__dirname, '../migrations'),
  start: ({ db, logger, edge, config }) =>
    startCatalog({ db, logger, edge, priceLeaseMs: config.PRICE_LEASE_MS }),
};
