import type { Database } from '@storefront/service-kit';
import { Router } from 'express';
import { listHomeProducts, loadCatalogue } from '../store/catalog-store';

/** The public read API of the catalog module (behind the shell at /api/catalog). */
export function storefrontRoutes(db: Database): Router {
  const router = Router();
  router.get('/home-products', async (_req, res) => {
    res.set('Cache-Control', 'public, max-age=60').json({ products: await listHomeProducts(db) });
  });
  router.get('/catalogue', async (_req, res) => {
    res.set('Cache-Control', 'public, max-age=60').json(await loadCatalogue(db));
  });
  return router;
}
