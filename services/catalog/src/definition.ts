import path from 'node:path';
import {
  DEFAULT_PORTS,
  dataVersion,
  HttpProblem,
  openLiveSnapshot,
  type Database,
  type EdgeControl,
  type Logger,
  type ServiceDefinition,
  type ServiceParts,
} from '@storefront/server-kit';
import { catalogRoutes } from './app';
import { loadCatalogSnapshot, type CurrentCatalog } from './catalog-snapshot';
import { version } from '../package.json';

/** The catalog service: every read and quote answered from a live snapshot of its database. */
export async function startCatalog({
  db,
  logger,
  edge,
}: {
  db: Database;
  logger: Logger;
  edge?: EdgeControl;
}): Promise<ServiceParts> {
  const snapshot = await openLiveSnapshot({
    name: 'catalog',
    version: () => dataVersion(db),
    load: () => loadCatalogSnapshot(db),
    logger,
    publish: edge?.publish,
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
    routes: catalogRoutes({ current }),
    published: (path) => snapshot.current()?.published.get(path),
    stop: snapshot.close,
  };
}

export const catalogService: ServiceDefinition<Record<string, never>> = {
  name: 'catalog',
  version,
  defaultPort: DEFAULT_PORTS.catalog,
  configShape: {},
  migrationsDir: path.join(__dirname, '../migrations'),
  start: startCatalog,
};
