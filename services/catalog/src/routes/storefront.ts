import { HttpProblem, sendRepresentation } from '@storefront/service-kit';
import { Router } from 'express';
import type { CurrentCatalog } from '../app';
import { paths } from '../catalog-snapshot';

/**
 * The public read API of the catalog module (behind the shell at /api/catalog). Requests at these exact
 * paths are answered from memory before reaching Express; these routes answer the rest (a query string,
 * an encoded character) from the same snapshot, and say what does not exist.
 */
export function storefrontRoutes(current: CurrentCatalog): Router {
  const router = Router();
  router.get(paths.homeProducts, (req, res) => {
    sendRepresentation(req, res, current().published.get(paths.homeProducts)!);
  });
  router.get(paths.catalogue, (req, res) => {
    sendRepresentation(req, res, current().published.get(paths.catalogue)!);
  });
  router.get('/checkout-products/:channel/:productId', (req, res) => {
    const { channel, productId } = req.params;
    const product = current().published.get(paths.checkoutProduct(channel, productId));
    if (!product) throw new HttpProblem(404, 'Product not found', 'No checkout sells that product.');
    sendRepresentation(req, res, product);
  });
  return router;
}
