import path from 'node:path';
import { DEFAULT_PORTS, localUrl, url, type ServiceDefinition } from '@storefront/service-kit';
import { z } from 'zod';
import { createCatalogClient } from './catalog-client';
import { startProduct } from './app';
import { version } from '../package.json';

const configShape = {
  CATALOG_SERVICE_URL: url().default(localUrl('catalog')),
  CATALOG_TIMEOUT_MS: z.coerce.number().int().positive().default(3000),
  SHOP_NAME: z.string().min(1).default('Helix Research'),
};

export const productService: ServiceDefinition<typeof configShape> = {
  name: 'product',
  version,
  defaultPort: DEFAULT_PORTS.product,
  configShape,
  migrationsDir: path.join(__dirname, '../migrations'),
  start: (context) =>
    startProduct(
      context,
      createCatalogClient(
        context.config.CATALOG_SERVICE_URL,
        context.config.CATALOG_TIMEOUT_MS,
        context.config.SERVICE_KEY,
        context.config.SERVICE_OUTAGE_HOLD_MS,
        context.endpoints,
      ),
      context.config.SHOP_NAME,
    ),
};
