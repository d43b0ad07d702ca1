import path from 'node:path';
import { Router } from 'express';
import { url, type ServiceDefinition } from '@storefront/service-kit';
import { z } from 'zod';
import { createCatalogPricing } from './catalog-client';
import { affiliateRoutes } from './routes/affiliates';
import { createSquareGateway } from './payments/square-gateway';
import { orderRoutes } from './routes/orders';
import { webhookRoutes } from './routes/webhooks';
import { addAffiliate, DEMO_AFFILIATE } from './store/affiliates-store';
import { version } from '../package.json';

const configShape = {
  AFFILIATE_LOOKUP_LIMIT: z.coerce.number().int().positive().default(10),
  AFFILIATE_LOOKUP_WINDOW_MS: z.coerce.number().int().positive().default(60_000),
  CATALOG_SERVICE_URL: url().default('http://127.0.0.1:4001'),
  CATALOG_TIMEOUT_MS: z.coerce.number().int().positive().default(3000),
  /** The storefront's public origin: Square sends shoppers back to {SITE_URL}/success. */
  SITE_URL: url().default('http://localhost:3000'),
  /**
   * 'sandbox', 'production', or a base URL. The defaults below all point at the local payment sandbox
   * (services/payment-sandbox); a real deployment sets every SQUARE_ variable.
   */
  SQUARE_ENVIRONMENT: z.union([z.enum(['sandbox', 'production']), url()]).default('http://127.0.0.1:4010'),
  SQUARE_ACCESS_TOKEN: z.string().min(1).default('sandbox-access-token'),
  SQUARE_LOCATION_ID: z.string().min(1).default('SANDBOX-LOCATION'),
  SQUARE_WEBHOOK_SIGNATURE_KEY: z.string().min(1).default('sandbox-signature-key'),
  SQUARE_WEBHOOK_NOTIFICATION_URL: url().default('http://localhost:3000/api/checkout/webhooks/square'),
  // Creating a link is idempotent (keyed by the order id), so one retry of a 5xx or 429 is safe; more
  // would keep a shopper waiting on the Complete button for longer than a retry of their own.
  SQUARE_MAX_RETRIES: z.coerce.number().int().min(0).max(5).default(1),
  SQUARE_TIMEOUT_SECONDS: z.coerce.number().int().positive().default(15),
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
  start: ({ db, config, logger }) => ({
    routes: Router()
      .use(
        affiliateRoutes(db, {
          lookupLimit: config.AFFILIATE_LOOKUP_LIMIT,
          lookupWindowMs: config.AFFILIATE_LOOKUP_WINDOW_MS,
        }),
      )
      .use(
        orderRoutes(
          db,
          createCatalogPricing(config.CATALOG_SERVICE_URL, config.CATALOG_TIMEOUT_MS),
          createSquareGateway(
            {
              environment: config.SQUARE_ENVIRONMENT,
              accessToken: config.SQUARE_ACCESS_TOKEN,
              locationId: config.SQUARE_LOCATION_ID,
              siteUrl: config.SITE_URL,
              maxRetries: config.SQUARE_MAX_RETRIES,
              timeoutSeconds: config.SQUARE_TIMEOUT_SECONDS,
            },
            logger,
          ),
        ),
      )
      .use(
        webhookRoutes(
          db,
          {
            signatureKey: config.SQUARE_WEBHOOK_SIGNATURE_KEY,
            notificationUrl: config.SQUARE_WEBHOOK_NOTIFICATION_URL,
          },
          logger,
        ),
      ),
  }),
};
