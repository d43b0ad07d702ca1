import { sendRepresentation } from '@storefront/server-kit';
import { Router } from 'express';
import { paths, type CurrentCatalog } from '../catalog-snapshot';

/**
 * For other services only: the summaries (identity, price, picture) of every catalogue-channel product,
 * product-page-only ones included, with an ETag. The product service builds its pages and related
 * cards from these, and asks again (HEAD) to learn when they change.
 */
export function productSummaryRoutes(current: CurrentCatalog): Router {
  const router = Router();
  router.get(paths.summaries, (req, res) => {
    sendRepresentation(req, res, current().published.get(paths.summaries)!);
  });
  return router;
}
