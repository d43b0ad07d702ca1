import { Router } from 'express';
import type { CatalogParts } from './parts';
import { imageRoutes } from './routes/images';
import { productSummaryRoutes } from './routes/product-summaries';
import { quoteRoutes } from './routes/quote';
import { storefrontRoutes } from './routes/storefront';

/** Every route of the catalog service, answered from the catalogue's current snapshot. */
export function catalogRoutes({ current, leases }: CatalogParts): Router {
  return Router()
    .use(storefrontRoutes(current))
    .use(imageRoutes(current))
    .use(quoteRoutes(current, leases))
    .use(productSummaryRoutes(current));
}
