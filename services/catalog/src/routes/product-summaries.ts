import { HttpProblem, type Database } from '@storefront/service-kit';
import { Router } from 'express';
import { z } from 'zod';
import { listCatalogueProducts } from '../store/catalog-store';

const idsSchema = z
  .string()
  .transform((value) =>
    value
      .split(',')
      .map((id) => id.trim())
      .filter(Boolean),
  )
  .pipe(
    z
      .array(z.string().regex(/^[a-z0-9-]{1,80}$/))
      .min(1)
      .max(20),
  );

/**
 * For other services only: catalogue-channel summaries (identity, price, picture) of the given products,
 * in the order asked. The product service builds its pages and related cards from these.
 */
export function productSummaryRoutes(db: Database): Router {
  const router = Router();
  router.get('/internal/product-summaries', async (req, res) => {
    const ids = idsSchema.safeParse(req.query.ids ?? '');
    if (!ids.success)
      throw new HttpProblem(400, 'Invalid request', 'Pass ids=one,two with up to 20 product ids.');
    res.json({ products: await listCatalogueProducts(db, { ids: ids.data }) });
  });
  return router;
}
