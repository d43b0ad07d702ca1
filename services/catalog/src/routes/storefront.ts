import { HttpProblem, sendRepresentation } from '@storefront/server-kit';
import { Router } from 'express';
import { GENERIC_CHECKOUT_CHANNELS } from '@storefront/commerce/catalog';
import { paths, type CurrentCatalog } from '../catalog-snapshot';

/**
 * The public read API of the catalog module (behind the shell at /api/catalog). Requests at these exact
 * paths are answered from memory before reaching Express; these routes answer the rest (a query string,
 * an encoded character) from the same snapshot, and say what does not exist.
 */
export function storefrontRoutes(current: CurrentCatalog): Router {
  const router = Router();
  for (const path of [paths.homeProducts, paths.catalogue, paths.dedicatedCheckouts]) {
    router.get(path, (req, res) => sendRepresentation(req, res, current().published.get(path)!));
  }
  /** One item of a published list, by the parameter in its address; a 404 saying why when none. */
  const item = (pathOf: (id: string) => string, missing: string) =>
    router.get(pathOf(':id'), (req, res) => {
      const representation = current().published.get(pathOf(String(req.params.id)));
      if (!representation) throw new HttpProblem(404, 'Product not found', missing);
      sendRepresentation(req, res, representation);
    });
  for (const channel of GENERIC_CHECKOUT_CHANNELS) {
    item((id) => paths.checkoutProduct(channel, id), 'The checkout does not sell that product.');
  }
  item(paths.dedicatedCheckout, 'No dedicated checkout has that address.');
  return router;
}
