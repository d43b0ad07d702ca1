import type { Database } from '@storefront/service-kit';
import { Router } from 'express';
import { imageRoutes } from './routes/images';
import { productSummaryRoutes } from './routes/product-summaries';
import { quoteRoutes } from './routes/quote';
import { storefrontRoutes } from './routes/storefront';

export function catalogRoutes(db: Database): Router {
  return Router()
    .use(storefrontRoutes(db))
    .use(imageRoutes(db))
    .use(quoteRoutes(db))
    .use(productSummaryRoutes(db));
}
