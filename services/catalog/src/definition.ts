import path from 'node:path';
import { DEFAULT_PORTS, type ServiceDefinition } from '@storefront/service-kit';
import { startCatalog } from './app';
import { version } from '../package.json';

export const catalogService: ServiceDefinition<Record<string, never>> = {
  name: 'catalog',
  version,
  defaultPort: DEFAULT_PORTS.catalog,
  configShape: {},
  migrationsDir: path.join(__dirname, '../migrations'),
  start: startCatalog,
};
