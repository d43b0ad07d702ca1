import path from 'node:path';
import { Router } from 'express';
import { url, type ServiceDefinition } from '@storefront/service-kit';
import { z } from 'zod';
import { createCatalogPricing } from './catalog-client';
import { affiliateRoutes } from './routes/affiliates';
import { orderRoutes } from './routes/orders';
import { addAffiliate, DEMO_AFFILIATE } from './store/affiliates-store';
import { version } from '../package.json';

const configShape = {
  AFFILIATE_LOOKUP_LIMIT: z.coerce.number().int().positive().default(10),
  AFFILIATE_LOOKUP_WINDOW_MS: z.coerce.number().int().positive().default(60_000),
  CATALOG_SERVICE_URL: url().default('http://127.0.0.1:4001'),
  CATALOG_TIMEOUT_MS: z.coerce.number().int().positive().default(3000),
};

export const checkoutService: ServiceDefinition<typeof configShape> = {
  name: 'checkout',
  version,
  defaultPort: 4003,
  configShape,
  migrationsDir: path.join(__dirname, '../migrations'),
  // Only the embedded development database gets the demo code; a real database starts empty.
  seed: async ({ db }) => {
    if (db.kind === 'pglite') await addAffiliate(db, DEMO_AFFILIATE);
  },
  routes: ({ db, config }) =>
    Router()
      .use(
        affiliateRoutes(db, {
          lookupLimit: config.AFFILIATE_LOOKUP_LIMIT,
          lookupWindowMs: config.AFFILIATE_LOOKUP_WINDOW_MS,
        }),
      )
      .use(orderRoutes(db, createCatalogPricing(config.CATALOG_SERVICE_URL, config.CATALOG_TIMEOUT_MS))),
};
